"""A table script that carries its own box: ``box`` and ``box-profile`` set-up lines (docs/table-script.md), and
the co-op fields of the printed JSON.

The Boba Fett box is made up (tests/boba/testbox.py and docs/examples/boba-fett-own-box.txt): Character 1B on
space 3 costs 100 and its bare payment is 10; every player starts with 1,500.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.script import ScriptError, box_answer, parse_script, run_script, state_json
from companion.storage.journal import Journal
from tests.boba.testbox import box_profile as boba_box_profile
from tests.mando.helpers import DT, deal_signet, play
from tests.mando.test_battles import facing
from tests.mando.testbox import box_profile as mando_box_profile
from tests.mando.testbox import new_game as mando_game

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = (REPO / "docs" / "examples" / "boba-fett-own-box.txt").read_text(encoding="utf-8")
SETUP = "\n".join(line for line in EXAMPLE.splitlines() if not line.startswith(("roll", "buy", "end", "claim")))
PLAYERS = "edition boba-fett\nplayer boba name=Boba\nplayer fennec name=Fennec\n"


def cash(state: dict[str, object]) -> dict[str, int]:
    players = state["players"]
    assert isinstance(players, list)
    return {p["id"]: p["cash"] for p in players}


def test_without_its_box_a_boba_fett_script_starts_and_asks_for_the_space_first_stopped_on() -> None:
    """Nobody knows the Boba Fett board's layout, and a game starts without it: the first roll onto a space
    nobody described stops the script with ``box/needed``, naming the space and asking for its type."""
    outcome = run_script(parse_script(PLAYERS + "roll boba 1 2\n"))
    assert outcome.rejected is not None
    [violation] = outcome.rejected[2]
    assert violation.code == "box/needed"
    assert violation.need is not None and (violation.need.target, violation.need.fields) == ("space:space-3",
                                                                                           ("kind",))


def test_box_lines_among_the_set_up_are_the_games_box() -> None:
    """BF-RENT-1: with the layout and Character 1B's printed values given in the script, Boba buys 1B for 100 and
    Fennec pays him 10 when he stops there."""
    outcome = run_script(parse_script(EXAMPLE))
    assert outcome.rejected is None
    state = state_json(outcome.game)
    assert cash(state) == {"boba": 1500 - 100 + 10, "fennec": 1500 - 10}
    assert state["deeds"]["space-3"]["name"] == "Character 1B (made up)"  # type: ignore[index]


def test_an_equipment_space_and_its_payments_fit_in_one_box_line() -> None:
    """BF-RENT-4: equipment pays by how many pieces the owner holds, four amounts for the four pieces of the box.
    One ``box`` line gives an equipment space's type, group and printed values (TEST DATA 200 / 100 and 25, 50,
    100, 200), before the first roll and during play alike, though no other equipment space is described yet;
    an Imperial force needs no group: it is in the Imperial forces' own."""
    line = ('box space:space-5 kind=vessel "name=Equipment 1" group=equipment price=200 mortgage=100 '
            "rent=25,50,100,200\n")
    assert run_script(parse_script(PLAYERS + line)).rejected is None
    outcome = run_script(parse_script(PLAYERS + line + line.replace("space-5", "space-15").replace(" 1", " 2")
                                      + "box space:space-12 kind=utility price=150 mortgage=75\n"))
    assert outcome.rejected is None
    assert outcome.game.edition.space("space-12").group == "imperial-forces"


def test_a_value_the_script_does_not_give_is_asked_for_during_play() -> None:
    """Character 2A's (space 6) printed values are not in the script's box: the roll onto it is refused with
    box/needed; after a ``box`` command gives them, the same roll lands and Boba buys it for 200."""
    outcome = run_script(parse_script(SETUP + "\nroll boba 2 4\n"))
    assert outcome.rejected is not None
    assert [v.code for v in outcome.rejected[2]] == ["box/needed"]
    given = ("box space:space-6 price=200 mortgage=100 rent=20,80,200,400,600,800 build_cost=50 hotel_cost=75\n"
             "roll boba 2 4\nbuy boba\n")
    outcome = run_script(parse_script(SETUP + "\n" + given))
    assert outcome.rejected is None
    assert cash(state_json(outcome.game))["boba"] == 1500 - 200


def test_a_card_not_entered_yet_is_answered_under_the_id_the_script_drew() -> None:
    """BF-CARD-1: Boba stops on the Bounty Hunter space (2) and draws a card the box does not list. The refusal
    asks for the whole card; the ``box`` line the script shows names it by the id the ``card`` line gave it (a
    ``box`` card target is ``card:<deck>/<card>``), and given that line the same draw collects 100."""
    drawn = "roll boba 1 1\ncard boba big-reward\n"
    outcome = run_script(parse_script(SETUP + "\n" + drawn))
    assert outcome.rejected is not None
    _, cmd, [violation] = outcome.rejected
    assert violation.need is not None
    assert box_answer(violation.need, cmd) == "box card:bounty-hunter/big-reward effect=?"
    answered = "roll boba 1 1\nbox card:bounty-hunter/big-reward effect=collect amount=100\ncard boba big-reward\n"
    outcome = run_script(parse_script(SETUP + "\n" + answered))
    assert outcome.rejected is None
    assert cash(state_json(outcome.game))["boba"] == 1500 + 100


@pytest.mark.parametrize(("line", "needle"), [
    ("box space:space-3 price=cheap", "whole number"),
    ("box space:space-3 sigils=4", "'sigils' is not something printed on it"),
    ("box group:colour-set-1 colour=mauve", "'mauve' is not one of"),
    ("box space:space-99 name=Nowhere", "no space 'space-99'"),
    ("box space:space-3", "box needs a target and its values"),
])
def test_a_wrong_box_line_stops_the_script_with_its_line_number(line: str, needle: str) -> None:
    """A box line is checked as box setup checks it: the error names the line and what is wrong."""
    text = SETUP + "\n" + line + "\nroll boba 1 2\n"
    number = len(SETUP.splitlines()) + 1
    with pytest.raises(ScriptError, match=rf"^line {number}: ") as error:
        run_script(parse_script(text))
    assert needle in str(error.value)


def test_a_box_profile_file_is_the_games_box(tmp_path: Path) -> None:
    """BF-RENT-1: the test box saved as the app saves a box profile; the script names it by a path relative to
    its folder. Boba buys Character 2A (space 6, 200) and Fennec pays its bare payment, 20."""
    (tmp_path / "box.toml").write_text(boba_box_profile().to_toml(), encoding="utf-8")
    text = PLAYERS + "box-profile box.toml\nroll boba 2 4\nbuy boba\nend boba\nroll fennec 2 4\nclaim boba fennec\n"
    outcome = run_script(parse_script(text, tmp_path))
    assert outcome.rejected is None, outcome.rejected
    assert cash(state_json(outcome.game)) == {"boba": 1500 - 200 + 20, "fennec": 1500 - 20}


def test_a_box_profile_of_another_edition_is_refused(tmp_path: Path) -> None:
    """A Mandalorian box file cannot be the box of a Boba Fett game."""
    (tmp_path / "box.toml").write_text(mando_box_profile().to_toml(), encoding="utf-8")
    with pytest.raises(ScriptError, match="a box of mandalorian, not of boba-fett"):
        run_script(parse_script(PLAYERS + "box-profile box.toml\n", tmp_path))


def test_a_resumed_script_replays_with_the_box_it_started_with(tmp_path: Path) -> None:
    """The journal keeps the edition data with the script's box: resuming the game gives the state a single run
    gives, and a script whose box differs from the saved game's is refused."""
    journal = Journal(tmp_path / "games.sqlite3")
    first_half = EXAMPLE.split("end boba")[0]
    run_script(parse_script(first_half), journal, "g")
    resumed = run_script(parse_script(EXAMPLE), Journal(tmp_path / "games.sqlite3"), "g")
    assert state_json(resumed.game) == state_json(run_script(parse_script(EXAMPLE)).game)
    other = EXAMPLE.replace("price=100 mortgage=50", "price=120 mortgage=60")
    with pytest.raises(ScriptError, match="does not follow this script"):
        run_script(parse_script(other), Journal(tmp_path / "games.sqlite3"), "g")


def test_the_json_lists_each_heros_signet_cards_and_enemy_cards_won() -> None:
    """MA-BATTLE-3: Cara keeps a Signet card; Din wins the Death Trooper's level 1 card (a 5 on the silver die)."""
    game = mando_game(3)
    deal_signet(game, "cara", "bonus-2")                 # TEST-ONLY
    facing(game, "din", DT)
    play(game, "roll din 5")
    players = {p["id"]: p for p in state_json(game)["players"]}
    assert (players["cara"]["signets"], players["cara"]["enemy_cards_won"]) == (["bonus-2"], [])
    assert (players["din"]["signets"], players["din"]["enemy_cards_won"]) == ([], [f"{DT}/level-1"])
