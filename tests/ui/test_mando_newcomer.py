"""A newcomer's first game of The Mandalorian, both seasons, tapped on the real widgets: a box whose board layout
and hideouts are entered but none of the enemy cards, three heroes, and a battle against each enemy of the season,
Moff Gideon included. Each battle asks for the card in play (its enemy and level, known from the deck the player
count uses) and only the numbers printed on it; once they are entered the roll plays on, the battle is fought and
the game goes on.

The box is the made-up one of tests/mando/testbox.py without its enemy cards (TEST DATA). The numbers the family
reads off the cards are made up too (TEST DATA): a trooper's level 1 card needs 4 (the Stormtroopers) or 5 (the
Death Trooper), rewards 20 or 25 and costs 10 or 15, at every level; Moff Gideon's card needs 10. The silver die's
6 beats both troopers; against Moff Gideon it loses, and his foe goes to Jail.

Screenshots (800x480): newcomer-<season>-asks-<card> for each request and newcomer-<season>-battle-<enemy>.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.box.profile import BoxProfile
from companion.engine.state import Setup
from companion.table.box_play import box_store
from companion.ui.box_dialogs import BoxValuesDialog
from companion.ui.widgets import TapButton
from tests.mando import testbox
from tests.ui.helpers import (
    action,
    cash,
    dialogs,
    exact,
    find,
    find_all,
    pad_in,
    put_pad_away,
    question,
    roll_faces,
    settle,
    shoot,
    tap,
    texts,
    wait_until,
)

pytestmark = pytest.mark.ui

CARDS = {"incinerator-stormtrooper": {"number": 4, "reward": 20, "penalty": 10},
         "stormtrooper": {"number": 4, "reward": 20, "penalty": 10},
         "death-trooper": {"number": 5, "reward": 25, "penalty": 15},
         "moff-gideon": {"number": 10}}
"""TEST DATA: what the family reads off each enemy's level 1 card (Moff Gideon has one card)."""

ENEMY_DECKS = ("incinerator-stormtrooper", "stormtrooper", "death-trooper", "moff-gideon")


def without_enemy_cards(profile: BoxProfile) -> BoxProfile:
    """The box as a family has it after entering the board: no enemy card entered."""
    cards = {deck: entry for deck, entry in profile.values.get("cards", {}).items() if deck not in ENEMY_DECKS}
    return BoxProfile(profile.edition, profile.id, profile.name, profile.version, profile.edition_version,
                      values={**profile.values, "cards": cards})


SEASONS = {
    "mandalorian": (without_enemy_cards(testbox.box_profile()), testbox.SEATS[:3]),
    "mandalorian-season-2": (without_enemy_cards(testbox.season2_profile()), testbox.SEATS2[:3]),
}
TROOPER = {"mandalorian": "incinerator-stormtrooper", "mandalorian-season-2": "stormtrooper"}




def reach(app: Any, *commands: str) -> None:
    """Reach a position quickly through the app (the flow under test is tapped)."""
    for command in commands:
        assert app.submit(command).accepted, command
    settle()


def read_card_off_the_box(screenshot_dir: Path, shot: str, deck: str, title: str) -> None:
    """The window asks for the enemy card in play by name and level and for its printed numbers only; the
    family types each on the number pad; OK on the last one answers the question."""
    dialog = question()
    assert dialog.title.text == f"Read it off the box: {title}"
    assert [b.field for b in field_buttons(dialog)] == list(CARDS[deck])
    assert any("printed on it" in t for t in texts(dialog))
    shoot(screenshot_dir, shot)
    for field, number in CARDS[deck].items():
        pad_in(find(TapButton, root=dialog.form, field=field, part=None), number)
    wait_until(lambda: dialog not in dialogs())  # OK on the last number answers the question
    settle()


def field_buttons(dialog: BoxValuesDialog) -> list[TapButton]:
    """The form's field buttons, top to bottom."""
    return [b for b in reversed(find_all(TapButton, root=dialog.form)) if getattr(b, "field", None)]


def fight(app: Any, screenshot_dir: Path, shot: str, hero: str, enemy: str, *faces: int) -> None:
    """The battle screen names the enemy and the number to beat; the hero's dice are tapped in."""
    assert app.manager.current == "battle"
    shown = texts(app.screen("battle"))
    assert f"Battle: {hero.capitalize()} against {app.session.game.edition.decks[enemy].name}" in shown
    assert f"Roll {CARDS[enemy]['number']} or more to win" in shown
    shoot(screenshot_dir, shot)
    roll_faces("battle-roll", *faces)
    if app.manager.current == "board":  # a beaten trooper goes to an outpost: the table moves it
        tap(find(TapButton, "Back to table"))
    assert app.manager.current == "table"


@pytest.mark.parametrize("edition", SEASONS)
def test_a_first_game_fights_every_enemy_from_a_box_without_enemy_cards(
        app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, screenshot_dir: Path, edition: str) -> None:
    """MA-BATTLE-1, MA-BATTLE-3, MA-BOSS-1: three heroes on a box without enemy cards. Each battle asks for the
    card in play (the Death Trooper's levels 1, 2 and 3 as the deck of a three-hero game has them, the trooper's
    level 1, Moff Gideon's one card) and its printed numbers only; Save plays the roll (or the correction) on,
    and the battle is fought: 6 beats a trooper, whose reward is added and card won (the Death Trooper is out
    after its third); Moff Gideon, released once a trooper is down to its last card, beats a 6 and sends his
    foe to Jail. After each the game goes on."""
    profile, seats = SEASONS[edition]
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    box_store().save(profile)
    app.boxes = box_store()
    heroes = [{"id": pid, "name": pid.capitalize(), "token": token} for pid, token in seats]
    assert app.new_game(Setup(edition, "standard", heroes, 0)).accepted
    settle()
    game = app.session.game
    b, c = seats[1][0], seats[2][0]
    season, trooper = edition.removeprefix("mandalorian").strip("-") or "season-1", TROOPER[edition]
    won = {hero: [] for hero, _ in seats}

    reach(app, "roll din 4", "roll din 6", "end din")  # the advance: the Death Trooper to Hideout 1A
    roll_faces("roll", 1)  # B from GO onto the Death Trooper
    asked = question()
    put_pad_away()
    tap(exact("Cancel", root=asked))  # the card is not at hand yet: nothing is played, the roll is wanted again
    wait_until(lambda: asked not in dialogs())
    assert app.session.game.state.player(b).position == 0 and action("roll").action.enabled
    roll_faces("roll", 1)  # the same roll asks again
    read_card_off_the_box(screenshot_dir, f"newcomer-{season}-asks-death-trooper-1", "death-trooper",
                          "Death Trooper, level 1")
    tap(action("buy"))
    fight(app, screenshot_dir, f"newcomer-{season}-battle-death-trooper", b, "death-trooper", 6)
    won[b].append("death-trooper/level-1")
    assert app.session.game.state.cash(b) == 150 - 20 + 25  # Hideout 1A bought for 20, reward 25
    tap(action("end"))

    app.submit(f"roll {c} 3")
    app.submit(f"correct {c} space-17")  # the table says C stands on the trooper's hideout
    read_card_off_the_box(screenshot_dir, f"newcomer-{season}-asks-{trooper}", trooper,
                          f"{game.edition.decks[trooper].name}, level 1")
    tap(action("buy"))
    fight(app, screenshot_dir, f"newcomer-{season}-battle-{trooper}", c, trooper, 6)
    won[c].append(f"{trooper}/level-1")
    tap(action("end"))

    reach(app, "roll din 5", "correct din imperial-advance-2", "roll din 3", "end din")  # Death Trooper to 6
    roll_faces("roll", 5)  # B: 1 -> 6
    read_card_off_the_box(screenshot_dir, f"newcomer-{season}-asks-death-trooper-2", "death-trooper",
                          "Death Trooper, level 2")
    fight(app, screenshot_dir, f"newcomer-{season}-battle-death-trooper-2", b, "death-trooper", 6)
    won[b].append("death-trooper/level-2")
    assert app.session.game.state.boss_free  # the Death Trooper is down to its last card
    tap(action("end"))

    reach(app, f"roll {c} 1", f"correct {c} imperial-advance-3", f"roll {c} 2", f"end {c}")  # Moff to 21
    roll_faces("roll", 2)  # Din, holding Grogu (green die): stopped by the Death Trooper on 13
    read_card_off_the_box(screenshot_dir, f"newcomer-{season}-asks-death-trooper-3", "death-trooper",
                          "Death Trooper, level 3")
    tap(action("buy"))
    fight(app, screenshot_dir, f"newcomer-{season}-battle-death-trooper-3", "din", "death-trooper", 6, 3)
    won["din"].append("death-trooper/level-3")
    assert app.session.game.describe()["enemies"]["death-trooper"]["out"]
    tap(action("end"))

    app.submit(f"roll {b} 1")
    app.submit(f"correct {b} space-21")  # onto Moff Gideon
    read_card_off_the_box(screenshot_dir, f"newcomer-{season}-asks-moff-gideon", "moff-gideon", "Moff Gideon")
    tap(action("buy"))
    fight(app, screenshot_dir, f"newcomer-{season}-battle-moff-gideon", b, "moff-gideon", 6)
    state = app.session.game.state
    assert state.player(b).in_jail and state.battle is None
    assert {hero: state.trophies.get(hero, []) for hero in won} == won
    assert cash(b) == f"{state.cash(b)} credits"
    tap(action("end"))
    assert not state.over and state.turn.player == c
    assert action("roll").action.enabled  # the next hero rolls: the game goes on
