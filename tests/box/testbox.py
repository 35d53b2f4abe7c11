"""TEST DATA: editions with values left unknown, made from the Original Trilogy files for the box-setup tests.

Nothing here ships. The gaps are chosen to exercise the box flow: the Tatooine deeds' printed values, the
Bounty amount and six Imperial cards are unknown (play asks for them); with ``layout_gaps`` the type and name of
space 6 (so also its id: it becomes ``space-6``) and the name and colour of the Hoth group are unknown too (the
game cannot start until they are entered).
Values the tests then enter (prices like 123) are made up and marked TEST DATA where they are used.
"""

from __future__ import annotations

import copy
import shutil
from pathlib import Path
from typing import Any

import tomli_w

from companion.edition import DEED_KINDS, PRINTED_FIELDS, Edition, edition_from_data, load_edition

ROOT = Path(__file__).resolve().parents[2]
OT = ROOT / "editions" / "original-trilogy"
TEST_ID = "test-box"
UNKNOWN_DEEDS = ("tatooine-mos-eisley", "tatooine-spaceport", "tatooine-lars-homestead")
KEPT_IMPERIAL = 10


def gapped_raw(layout_gaps: bool = False, every_deed: bool = False) -> dict[str, Any]:
    """TEST DATA: the Original Trilogy files with gaps (see the module docstring); with ``every_deed`` no Title
    Deed's printed values are known (a box like the Boba Fett edition's, whose deeds nobody has published)."""
    raw = copy.deepcopy(load_edition(OT).raw)
    raw["edition"].update(id=TEST_ID, name="Test box edition (test data)")
    spaces = raw["board"]["spaces"]
    for s in spaces:
        if s["id"] in UNKNOWN_DEEDS or (every_deed and s["kind"] in DEED_KINDS):
            printed = [key for key in PRINTED_FIELDS if key in s]
            for key in printed:
                del s[key]
            s["unknown"] = printed
        if s["id"] == "bounty":
            s.pop("amount")
            s["unknown"] = ["amount"]
    imperial = next(d for d in raw["cards"]["decks"] if d["id"] == "imperial")
    kept, count = [], 0
    for card in imperial["cards"]:
        if count + card.get("count", 1) <= KEPT_IMPERIAL:
            kept.append(card)
            count += card.get("count", 1)
    imperial["cards"] = kept
    imperial["unknown"] = ["cards"]
    if layout_gaps:
        six = spaces[6]
        for key in ("id", "name", "kind", "group", *PRINTED_FIELDS):
            six.pop(key, None)
        six["unknown"] = ["kind", "name", "group", "price", "mortgage", "build_cost", "rent"]
        hoth = next(g for g in raw["board"]["groups"] if g["id"] == "hoth")
        hoth.pop("name")
        hoth.pop("colour")
        hoth["unknown"] = ["name", "colour"]
    return raw


def gapped_edition(layout_gaps: bool = False, every_deed: bool = False) -> Edition:
    """TEST DATA: the gapped edition, loaded."""
    return edition_from_data(gapped_raw(layout_gaps, every_deed))


def write_editions(root: Path, layout_gaps: bool = False) -> Path:
    """TEST DATA: an editions folder holding the Original Trilogy and the gapped test edition (point
    ``COMPANION_EDITIONS_DIR`` at it)."""
    shutil.copytree(OT, root / "original-trilogy")
    folder = root / TEST_ID
    folder.mkdir(parents=True)
    for stem, data in gapped_raw(layout_gaps).items():
        (folder / f"{stem}.toml").write_bytes(tomli_w.dumps(data).encode())
    return root
