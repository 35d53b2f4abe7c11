"""The worked examples of docs/table-script.md: every script in docs/examples/ is run and every figure the
page quotes is checked, so the documentation cannot drift from the engine.

Figures are worked out by hand from the deeds in editions/original-trilogy/board.toml (Frozen Plains and
Echo Base 100, North Ridge 120 with rent 8, Mos Eisley 140 with rent 10, Reactor Core 150, a Hoth fighter
50) and the edition's money (start 1500, jail fine 50, mortgage value half the price).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main as cli_main
from companion.engine.commands import GRAMMAR, parse_command
from companion.script import parse_script, run_script, state_json

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"
DOC = ROOT / "docs" / "table-script.md"

# The examples this file checks; a new example must get its own test (see test_every_example_is_checked).
CHECKED = {"rent-dispute.txt", "jail.txt", "auction.txt", "rejected.txt", "boba-fett-own-box.txt",
           "star-wars-2015.txt", "monopoly-go.txt", "short-game.txt", "mandalorian.txt"}


def run_cli(capsys: pytest.CaptureFixture[str], name: str) -> tuple[int, dict[str, Any], str]:
    """Run ``companion script docs/examples/NAME`` as the page shows; exit status, parsed JSON, stderr."""
    status = cli_main(["script", str(EXAMPLES / name)])
    out = capsys.readouterr()
    return status, json.loads(out.out), out.err


def state_after(name: str, command: str, occurrence: int = 1) -> dict[str, Any]:
    """The printed state after the script's ``occurrence``-th line holding ``command`` (like ``head -n``)."""
    script = parse_script((EXAMPLES / name).read_text(encoding="utf-8"))
    wanted = parse_command(command)
    hits = [i for i, (_, cmd) in enumerate(script.commands) if cmd == wanted]
    assert len(hits) >= occurrence, f"{command!r} is not in {name} {occurrence} time(s)"
    script.commands = script.commands[: hits[occurrence - 1] + 1]
    outcome = run_script(script)
    assert outcome.rejected is None
    return state_json(outcome.game)


def player(state: dict[str, Any], pid: str) -> dict[str, Any]:
    """One player's entry in the printed JSON."""
    return next(p for p in state["players"] if p["id"] == pid)


def cash(state: dict[str, Any]) -> dict[str, int]:
    """Every player's cash."""
    return {p["id"]: p["cash"] for p in state["players"]}


# ---------------------------------------------------------------------- rent-dispute.txt


def test_rent_dispute_final_cash_and_deeds(capsys: pytest.CaptureFixture[str]) -> None:
    """OT-RENT-3, OT-RENT-4, OT-MORT-1, OT-TRADE-1: the whole Hoth group with Frozen Plains mortgaged;
    Tarkin pays double rent on North Ridge, and the page's cash table holds."""
    status, state, err = run_cli(capsys, "rent-dispute.txt")
    assert status == 0 and err == ""
    assert "rejected" not in state
    assert cash(state) == {
        "luke": 1206,    # 1500 - 100 (Frozen Plains) - 120 - 140 (trades) + 50 (mortgage) + 16 (rent)
        "vader": 1520,   # 1500 - 100 (Echo Base) + 120
        "r2": 1520,      # 1500 - 120 (North Ridge) + 140
        "tarkin": 1484,  # 1500 - 16 (rent 8 x 2 on North Ridge)
    }
    hoth = ("hoth-frozen-plains", "hoth-echo-base", "hoth-north-ridge")
    assert [state["deeds"][d]["owner"] for d in hoth] == ["luke"] * 3
    assert player(state, "luke")["deeds"] == list(hoth)
    assert [state["deeds"][d]["mortgaged"] for d in hoth] == [True, False, False]
    assert state["pending"]["rent_claims"] == []
    assert state["turn"]["number"] == 5 and state["turn"]["player"] == "luke"  # four ends: luke's 2nd turn
    assert state["entries"] == 19  # the start entry + 18 commands


def test_rent_dispute_mortgaged_deed_opens_no_claim() -> None:
    """OT-RENT-2, OT-MORT-3: Tarkin stops on the mortgaged Frozen Plains: nothing is due; he rolls again."""
    state = state_after("rent-dispute.txt", "roll tarkin 3 3")
    assert player(state, "tarkin")["position"] == 6  # 0 + 3 + 3
    assert state["pending"]["rent_claims"] == []
    assert state["turn"]["roll_again"] is True
    assert cash(state)["tarkin"] == 1500


def test_rent_dispute_claim_waits_for_the_owner() -> None:
    """OT-RENT-4, OT-RENT-6, OT-RENT-7: on North Ridge the double rent (8 x 2 = 16) is due although a deed
    of the group is mortgaged; it is not paid until Luke claims it, and lapses at turn 4 + 2 = 6."""
    state = state_after("rent-dispute.txt", "roll tarkin 1 2")
    assert player(state, "tarkin")["position"] == 9  # 6 + 1 + 2
    assert state["pending"]["rent_claims"] == [
        {"owner": "luke", "payer": "tarkin", "space": "hoth-north-ridge", "amount": 16, "lapses_at_turn": 6}
    ]
    assert cash(state)["tarkin"] == 1500  # not paid unasked
    assert cash(state)["luke"] == 1190  # 1500 - 100 - 120 - 140 + 50


# ---------------------------------------------------------------------- jail.txt


def test_jail_two_failed_rolls_cost_nothing() -> None:
    """OT-JAIL-1, OT-JAIL-5: sent to Jail by the card, Luke fails two rolls and stays, paying nothing."""
    state = state_after("jail.txt", "card luke go-to-jail")
    luke = player(state, "luke")
    assert (luke["position"], luke["in_jail"], luke["cash"]) == (10, True, 1500)
    state = state_after("jail.txt", "roll luke 2 3")
    luke = player(state, "luke")
    assert (luke["position"], luke["in_jail"], luke["jail_turns"], luke["cash"]) == (10, True, 2, 1500)


def test_jail_go_to_jail_space_pays_no_salary() -> None:
    """OT-JAIL-1, OT-JAIL-2, OT-JAIL-3: Vader lands on Go to Jail (30) and goes back to 10 past GO without
    the 200 salary; his turn is over (no roll again)."""
    state = state_after("jail.txt", "roll vader 4 6", occurrence=3)
    vader = player(state, "vader")
    assert (vader["position"], vader["in_jail"], vader["cash"]) == (10, True, 1500)
    assert state["turn"]["roll_again"] is False


def test_jail_doubles_free_without_another_roll() -> None:
    """OT-JAIL-5, OT-JAIL-6: Vader rolls 5 5 in Jail, moves 10 -> 20 and does not roll again."""
    state = state_after("jail.txt", "roll vader 5 5")
    vader = player(state, "vader")
    assert (vader["position"], vader["in_jail"]) == (20, False)
    assert state["turn"]["roll_again"] is False


def test_jail_final_state(capsys: pytest.CaptureFixture[str]) -> None:
    """OT-JAIL-10: the third failed roll charges the 50 fine and moves Luke by it (10 + 4 + 6 = 20)."""
    status, state, _ = run_cli(capsys, "jail.txt")
    assert status == 0
    luke, vader = player(state, "luke"), player(state, "vader")
    assert (luke["cash"], luke["position"], luke["space"], luke["in_jail"], luke["jail_turns"]) == (
        1450, 20, "Free Parking", False, 0)  # 1500 - 50
    assert (vader["cash"], vader["position"], vader["in_jail"]) == (1500, 20, False)
    assert state["entries"] == 18  # the start entry + 17 commands


# ---------------------------------------------------------------------- auction.txt


def test_auction_open_state_as_quoted() -> None:
    """OT-BUY-3, OT-BUY-5: after Vader 70, Luke (who declined) 90, R2-D2 100 and Vader's pass, R2-D2 leads."""
    state = state_after("auction.txt", "pass vader")
    assert state["pending"]["auction"] == {
        "lot": "deed:tatooine-mos-eisley", "name": "Tatooine: Mos Eisley", "high_bid": 100,
        "high_bidder": "r2", "passed": ["vader"], "queue": []}


def test_auction_final_cash_and_owners(capsys: pytest.CaptureFixture[str]) -> None:
    """OT-BUY-3, OT-BUY-4, OT-RENT-1: Luke wins Mos Eisley at 120, collects its bare rent 10 from Vader;
    Vader wins Reactor Core at 75 when the Banker closes."""
    status, state, _ = run_cli(capsys, "auction.txt")
    assert status == 0
    assert cash(state) == {
        "luke": 1390,   # 1500 - 120 (auction) + 10 (rent: one of three Tatooine deeds)
        "vader": 1415,  # 1500 - 10 (rent) - 75 (auction)
        "r2": 1500,
    }
    assert state["deeds"]["tatooine-mos-eisley"]["owner"] == "luke"
    assert state["deeds"]["reactor-core"]["owner"] == "vader"
    assert player(state, "r2")["position"] == 20  # 0 + 6 + 6 + 3 + 5
    assert state["pending"]["auction"] is None


def test_auction_closes_when_only_the_high_bidder_is_left() -> None:
    """OT-BUY-3, OT-BUY-4: R2-D2's pass leaves Luke alone: the lot is his without a ``close``."""
    state = state_after("auction.txt", "pass r2")
    assert state["pending"]["auction"] is None
    assert state["deeds"]["tatooine-mos-eisley"]["owner"] == "luke"
    assert cash(state)["luke"] == 1380  # 1500 - 120


# ---------------------------------------------------------------------- rejected.txt


def test_rejected_build_stops_the_script(capsys: pytest.CaptureFixture[str]) -> None:
    """OT-FIGHTER-1, OT-FIGHTER-3, OT-FIGHTER-6: a second fighter on Frozen Plains before the rest of Hoth
    has one is refused (exit 2); the state is the one before line 18."""
    status, state, err = run_cli(capsys, "rejected.txt")
    assert status == 2
    assert state["rejected"]["line"] == 18
    assert state["rejected"]["command"] == "build luke hoth-frozen-plains"
    assert [r["code"] for r in state["rejected"]["reasons"]] == ["build/uneven"]
    assert err.startswith("line 18: 'build luke hoth-frozen-plains' was refused:")
    assert cash(state) == {
        "luke": 1080,   # 1500 - 100 - 120 (two purchases) - 150 (trade) - 50 (one fighter)
        "vader": 1550,  # 1500 - 100 + 150
    }
    assert state["deeds"]["hoth-frozen-plains"]["houses"] == 1
    assert state["bank"]["houses"] == 31  # 32 - 1
    # line 19 (end luke) is never played: still Luke's turn, after his roll
    assert state["turn"]["player"] == "luke" and state["turn"]["rolled"] is True
    assert state["entries"] == 12  # the start entry + 11 accepted commands


# ---------------------------------------------------------------------- the page itself


# ---------------------------------------------------------------------- boba-fett-own-box.txt


def test_boba_fett_own_box(capsys: pytest.CaptureFixture[str]) -> None:
    """BF-RENT-1: the made-up box in the script: Boba buys Character 1B (100) and asks Fennec for its payment of
    10: Boba 1410, Fennec 1490, as the page works out; without the box lines the first roll asks what the space
    is."""
    status, state, _ = run_cli(capsys, "boba-fett-own-box.txt")
    assert status == 0
    assert cash(state) == {"boba": 1410, "fennec": 1490}
    assert state["deeds"]["space-3"]["owner"] == "boba"
    page = DOC.read_text(encoding="utf-8")
    assert "Boba ends with 1500 - 100 + 10 = 1410 credits and Fennec with 1500 - 10 = 1490" in page
    text = (EXAMPLES / "boba-fett-own-box.txt").read_text(encoding="utf-8")
    for line in page.split("examples/boba-fett-own-box.txt`")[1].split("```text")[1].split("```")[0].splitlines():
        assert line in ("", "...") or line in text.splitlines()
    bare = "\n".join(line for line in text.splitlines() if not line.startswith("box "))
    refused = run_script(parse_script(bare)).rejected
    assert refused is not None and refused[2][0].code == "box/needed"


def test_star_wars_2015_rent_between_allies_and_enemies(capsys: pytest.CaptureFixture[str]) -> None:
    """SW-RENT-1, SW-RENT-2, SW-HYPER-1: the page's Star Wars 2015 example prints the figures it works out: Luke
    1415, Vader 1490, Finn 1495, Kylo 1380; Tatooine is Luke's and Endor Kylo's."""
    status, state, _ = run_cli(capsys, "star-wars-2015.txt")
    assert status == 0
    assert cash(state) == {"luke": 1415, "vader": 1490, "finn": 1495, "kylo": 1380}
    assert (state["deeds"]["space-4"]["owner"], state["deeds"]["space-8"]["owner"]) == ("luke", "kylo")
    page = DOC.read_text(encoding="utf-8")
    assert "Luke ends with 1500 - 100 + 10 + 5 = 1415 credits, Vader with 1490, Finn with 1495 and Kylo" in page
    text = (EXAMPLES / "star-wars-2015.txt").read_text(encoding="utf-8")
    for line in page.split("examples/star-wars-2015.txt`")[1].split("```text")[1].split("```")[0].splitlines():
        assert line in ("", "...") or line in text.splitlines()


def test_monopoly_go_rounds_a_shut_down_a_heist_and_go(capsys: pytest.CaptureFixture[str]) -> None:
    """GO-ORDER-1, GO-HEIST-3, GO-SHUT-1, GO-GO-1: the page's MONOPOLY GO! example: Ben's Shut Down comes before
    Ann's heist (Ben rolled round 2), the heist takes Ben's pink block to Ann, GO gives Ben a green block; round 4
    is Ben's to roll, and the tray is one pink and one green short."""
    status, state, _ = run_cli(capsys, "monopoly-go.txt")
    assert status == 0
    squares = {p["id"]: [(q["colour"], q["height"]) for q in p["squares"] if q["height"]] for p in state["players"]}
    assert squares == {"ann": [("pink", 1)], "ben": [("green", 1)]}
    assert (state["pending"]["round"], state["pending"]["roller"]) == (4, "ben")
    assert {c: n for c, n in state["pending"]["tray"].items() if n != 5} == {"pink": 4, "green": 4}
    page = DOC.read_text(encoding="utf-8")
    assert "Ann ends round 3 with one pink block on her first Build square and Ben with one green" in page
    text = (EXAMPLES / "monopoly-go.txt").read_text(encoding="utf-8")
    for line in page.split("examples/monopoly-go.txt`")[1].split("```text")[1].split("```")[0].splitlines():
        assert line in ("", "...") or line in text.splitlines()


def test_mandalorian_an_advance_a_battle_rent_and_grogu(capsys: pytest.CaptureFixture[str]) -> None:
    """MA-ADVANCE-2, MA-BATTLE-3, MA-BATTLE-4, MA-BOSS-1, MA-GROGU-1: the page's Mandalorian example: the advance
    takes both troopers 6 spaces out of their outposts (the Death Trooper round to space 1); Cara buys Hideout 1A
    (60) and beats the Death Trooper there with a 5 (reward 25), which waits in outpost 1 and, down to its last
    card, frees Moff Gideon; Din buys Hideout 2A (80) and asks Cara for its 15; Din takes Grogu on Just Visiting.
    Din 85, Cara 100."""
    status, state, _ = run_cli(capsys, "mandalorian.txt")
    assert status == 0
    assert cash(state) == {"din": 85, "cara": 100}
    assert player(state, "cara")["enemy_cards_won"] == ["death-trooper/level-1"]
    pending = state["pending"]
    assert pending["grogu"] == {"holder": "din", "position": -1}
    enemies = {k: (v["position"], v["outpost"], v["cards_left"]) for k, v in pending["enemies"].items()}
    assert enemies == {"incinerator-stormtrooper": (17, 0, 2), "death-trooper": (-1, 1, 1), "moff-gideon": (-1, 3, 1)}
    assert pending["boss_free"]
    page = DOC.read_text(encoding="utf-8")
    assert "Din ends with 150 - 80 + 15 = 85 credits and Grogu" in page
    assert "Cara with 150 - 60 + 25 - 15 = 100 and the card `death-trooper/level-1`" in page
    text = (EXAMPLES / "mandalorian.txt").read_text(encoding="utf-8")
    for line in page.split("examples/mandalorian.txt`")[1].split("```text")[1].split("```")[0].splitlines():
        assert line in ("", "...") or line in text.splitlines()


def test_every_example_is_checked() -> None:
    """Documentation guard (no rule): each docs/examples/*.txt has tests here and is shown on the page."""
    found = {p.name for p in EXAMPLES.glob("*.txt")}
    assert found == CHECKED
    page = DOC.read_text(encoding="utf-8")
    for name in found:
        assert f"examples/{name}" in page


def test_page_lists_every_command_verb() -> None:
    """Documentation guard (no rule): every verb of GRAMMAR has a row in the command table."""
    page = DOC.read_text(encoding="utf-8")
    missing = [verb for verb in GRAMMAR if f"| `{verb}` |" not in page]
    assert missing == []


def test_page_head_lines_stop_where_it_says() -> None:
    """Documentation guard (no rule): each ``head -n N`` on the page stops right after the command meant."""
    meant = {("rent-dispute.txt", 26): "roll tarkin 1 2", ("auction.txt", 13): "pass vader"}
    page = DOC.read_text(encoding="utf-8")
    used = {(name, int(n)) for n, name in re.findall(r"head -n (\d+) docs/examples/(\S+\.txt)", page)}
    assert used == set(meant)
    for (name, n), command in meant.items():
        line = (EXAMPLES / name).read_text(encoding="utf-8").splitlines()[n - 1]
        assert parse_command(line) == parse_command(command)


def test_page_quotes_the_real_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    """OT-FIGHTER-6: the refusal lines pasted on the page are what the command prints today."""
    _, _, err = run_cli(capsys, "rejected.txt")
    page = DOC.read_text(encoding="utf-8")
    for line in err.splitlines():
        assert line in page


# ---------------------------------------------------------------------- short-game.txt


def test_short_game_dealt_by_hand_fighters_a_freighter_and_its_rent(capsys: pytest.CaptureFixture[str]) -> None:
    """OT-SHORT-2, OT-SHORT-3, OT-SHORT-4 (docs/table-script.md, "The short game"): Luke says he was dealt the
    three Hoth deeds (free in the short game); nine fighters at 50 and, after three on North Ridge, a
    freighter/destroyer for 50 more cost him 500; the freighter sends three fighters back to the bank (32 - 9 + 3
    = 26). Vader stops on North Ridge and pays its rent with a freighter/destroyer, 600."""
    status, state, _ = run_cli(capsys, "short-game.txt")
    assert status == 0
    assert player(state, "luke")["deeds"] == ["hoth-frozen-plains", "hoth-echo-base", "hoth-north-ridge"]
    assert state["deeds"]["hoth-north-ridge"]["hotel"] is True
    assert (state["bank"]["houses"], state["bank"]["hotels"]) == (26, 11)
    assert cash(state) == {"luke": 1500 - 500 + 600, "vader": 1500 - 600}
    assert len(player(state, "vader")["deeds"]) == 3
