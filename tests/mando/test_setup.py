"""Set-up, the board and the cast of The Mandalorian edition (MA-SETUP-*, MA-BOARD-*, MA-SEASON-*).

The box facts (2 to 4 heroes, 150 credits each, Grogu on Just Visiting, the enemies' outposts, the enemy cards by
player count, 20 Signet cards) are the rule book's; names, prices and card values come from the made-up test box
of tests/mando/testbox.py (TEST DATA).
"""

from __future__ import annotations

import pytest

from companion.box.checks import check_values
from companion.engine.errors import CommandRejected
from companion.engine.ledger import BANK, CREDITS
from companion.engine.state import Setup
from companion.rules import new_game as open_game

from .helpers import DT, INC, MOFF, cash, codes, grogu, place_hero, play, where
from .testbox import CREDITS_SPACES, HIDEOUTS, JUMPS, SIGNET_SPACES, mando, new_game, new_game2, season2, shipped


def seated(count: int, tokens: list[str] | None = None) -> Setup:
    """A set-up of ``count`` heroes (ids p1, p2...) playing the first characters of the box, or ``tokens``."""
    cast = tokens if tokens is not None else ["din-djarin", "cara-dune", "ig-11", "kuiil", "din-djarin"][:count]
    return Setup("mandalorian", "standard", [{"id": f"p{n + 1}", "name": f"P{n + 1}", "token": token}
                                             for n, token in enumerate(cast)])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_heroes_sit_down(players: int) -> None:
    """MA-SETUP-1: two, three or four heroes start a game."""
    game = open_game(mando(), seated(players))
    assert len(game.state.players) == players


@pytest.mark.parametrize("players", [1, 5])
def test_one_or_five_heroes_are_refused(players: int) -> None:
    """MA-SETUP-1: a hero alone, or a fifth hero, is refused with the range in the message."""
    with pytest.raises(CommandRejected) as refusal:
        open_game(mando(), seated(players))
    assert "setup/players" in [v.code for v in refusal.value.violations]
    assert "2 to 4 players" in str(refusal.value)


def test_each_hero_plays_one_character_of_the_box() -> None:
    """MA-SETUP-2: the first season's four characters each have an ability card; every hero must play one of
    them, and no two heroes the same one."""
    assert {t: mando().tokens[t]["ability"] for t in mando().tokens} == {
        "din-djarin": "rent-discount", "cara-dune": "go-salary", "ig-11": "battle-bonus",
        "kuiil": "purchase-discount"}
    for cast in (["din-djarin", ""], ["din-djarin", "din-djarin"], ["din-djarin", "boba-fett"]):
        with pytest.raises(CommandRejected) as refusal:
            open_game(mando(), seated(2, cast))
        assert [v.code for v in refusal.value.violations] == ["setup/token"]


def test_everyone_starts_with_150_credits_on_go() -> None:
    """MA-SETUP-3: each of four heroes is handed 150 credits by the Bank and stands on GO."""
    game = new_game(4)
    assert [cash(game, p) for p in ("din", "cara", "ig", "kuiil")] == [150, 150, 150, 150]
    assert [p.position for p in game.state.players] == [0, 0, 0, 0]
    assert game.state.ledger.balance(BANK, CREDITS) == -4 * 150
    assert all(game.state.owner(d.id) == BANK for d in mando().deeds)


def test_grogu_waits_alone_on_just_visiting() -> None:
    """MA-SETUP-4: nobody holds Grogu at the start; he stands on the Jail corner's Just Visiting part."""
    game = new_game(2)
    assert grogu(game) == ("", 8)
    assert mando().spaces[8].kind == "jail"


def test_the_enemies_start_in_outposts_2_3_and_4() -> None:
    """MA-SETUP-5: the Incinerator Stormtrooper waits in outpost 2, Moff Gideon in outpost 3 and the Death
    Trooper in outpost 4; outpost 1 is empty. The outposts are counted from GO, one beside each advance space."""
    game = new_game(2)
    assert [where(game, e) for e in (INC, MOFF, DT)] == [(-1, 2), (-1, 3), (-1, 4)]
    assert game.rules.outposts == (4, 12, 20, 28)
    assert game.describe()["boss_free"] is False


@pytest.mark.parametrize(("players", "troopers"), [(2, 2), (3, 3), (4, 4)])
def test_each_trooper_has_as_many_cards_as_there_are_heroes(players: int, troopers: int) -> None:
    """MA-SETUP-6: two heroes play levels 1-2 of each trooper, three heroes levels 1-3, four heroes all four;
    Moff Gideon's one card is always there. The start says so in the log."""
    game = new_game(players)
    left = {e: v["cards_left"] for e, v in game.describe()["enemies"].items()}
    assert left == {INC: troopers, DT: troopers, MOFF: 1}
    assert any(f"levels 1 to {players}" in getattr(e, "text", "") for e in game.entries[0].events)


@pytest.mark.parametrize(("target", "cards"), [("card:death-trooper/level-5", "level-1, level-2, level-3, level-4"),
                                              ("card:moff-gideon/level-1", "moff-gideon")])
def test_a_card_an_enemy_deck_does_not_hold_is_refused_by_name(target: str, cards: str) -> None:
    """MA-SETUP-6: a trooper's deck holds levels 1 to 4 and Moff Gideon's his one card, so the box refuses the
    numbers of a card the deck has not got, naming the cards it has."""
    deck, _, card = target.removeprefix("card:").partition("/")
    name = {"death-trooper": "Death Trooper", "moff-gideon": "Moff Gideon"}[deck]
    found = check_values(shipped(), target, {"number": 5})
    assert [p.message for p in found] == [f"The {name} deck has no card '{card}': its cards are {cards}."]


def test_the_lowest_level_is_fought_first() -> None:
    """MA-SETUP-6: the decks lie lowest level on top, so the first battle against a trooper is against its
    level 1 card (TEST DATA: it needs 4), the next against level 2 (it needs 5)."""
    game = new_game(2)
    play(game, "roll din 4", "roll din 6", "end din")   # the advance: Incinerator to 17, Death Trooper to 1
    assert where(game, DT) == (1, 0)
    play(game, "roll cara 2", "decline cara", "close")   # Cara stops on the Death Trooper at 1
    assert game.describe()["battle"]["card"] == "level-1"
    assert game.rules.enemy_card(game.state, INC).id == "level-1"


def test_the_signet_deck_has_twenty_cards_nobody_has_read() -> None:
    """MA-SETUP-7: 20 Signet cards; what each says is entered from the box. Their kinds: a battle bonus, a
    second chance, bringing Grogu, or an effect that acts at once."""
    deck = shipped().decks["signet"]
    assert (deck.size, deck.role, deck.missing) == (20, "signet", 20)
    assert {"battle-bonus", "second-chance", "take-grogu"} <= set(deck.effects)


def test_the_hero_entered_first_has_the_die() -> None:
    """MA-SETUP-8: the table rolls the silver die for the order and enters the winner first; that hero rolls
    first and play goes round in the order entered."""
    game = new_game(3)
    assert codes(game, "roll cara 3") == ["turn/not-your-turn"]
    play(game, "roll din 6", "end din")
    assert game.state.turn.player == "cara"


def test_the_board_is_32_spaces_with_its_corners_and_advance_spaces() -> None:
    """MA-BOARD-1: GO, Jail / Just Visiting, Free Parking and Go To Jail at the corners, an Imperial Advance in
    the middle of each side. Interpretation: 32 spaces (seven between corners), from the worked example of the
    advance: the second green hideout is 27 and the second blue one 31."""
    board = shipped().spaces
    assert len(board) == 32
    assert {s.position: s.kind for s in board if s.kind not in ("hideout", "unknown")} == {
        0: "go", 4: "advance", 8: "jail", 12: "advance", 16: "free-parking", 20: "advance", 24: "go-to-jail",
        28: "advance"}
    assert (board[27].kind, board[27].group, board[31].kind, board[31].group) == ("hideout", "green",
                                                                                 "hideout", "blue")


def test_sixteen_hideouts_in_eight_sets_and_the_other_spaces() -> None:
    """MA-BOARD-2: the only properties are 16 hideouts in 8 colour sets of two; there are two Imperial Credits
    spaces and two Hyperspace Jumps, and Signet spaces; which space is which comes from the box (TEST DATA)."""
    edition = mando()
    assert len(edition.deeds) == 16 and all(d.kind == "hideout" for d in edition.deeds)
    assert sorted(len(g.members) for g in edition.groups.values()) == [2] * 8
    kinds = {p: edition.spaces[p].kind for p in (*CREDITS_SPACES, *JUMPS, *SIGNET_SPACES)}
    assert kinds == {6: "collect", 22: "collect", 10: "jump", 26: "jump", 2: "card", 14: "card", 18: "card",
                     29: "card"}
    assert len(shipped().groups) == 8 and len(HIDEOUTS) == 16


def test_the_outposts_are_off_the_track() -> None:
    """MA-BOARD-3: heroes and Grogu never stand in an outpost: an enemy waiting in outpost 2 does not stop a hero
    who passes Imperial Advance 2 beside it."""
    game = new_game(2)
    place_hero(game, "din", 9)                           # TEST-ONLY
    play(game, "roll din 4")                             # 9 -> 13, past 12
    assert game.state.player("din").position == 13
    assert where(game, INC) == (-1, 2)
    assert game.describe()["battle"] is None


def test_nothing_is_built_or_mortgaged() -> None:
    """MA-BOARD-4: hideouts carry no buildings and are never mortgaged; the app does not offer those moves.
    Interpretation: the rule book has no building or mortgage rules; selling to the Bank replaces a mortgage (and
    ``sell`` sells the hideout itself, MA-SELL-1)."""
    game = new_game(2)
    play(game, "roll din 1", "buy din")
    for line in ("build din space-1", "mortgage din space-1", "sell-all din colour-set-3"):
        assert codes(game, line) == ["command/unknown"]
        assert not game.rules.knows(line.split()[0])


def test_the_second_season_heroes() -> None:
    """MA-SEASON-1: the second season's heroes are Din Djarin (his first-season ability), Bo-Katan Kryze (Cara
    Dune's), Ahsoka Tano (a re-roll) and Boba Fett (a double Signet draw)."""
    tokens = season2().tokens
    assert {t: (v["ability"], v["amount"], v["with_grogu"]) for t, v in tokens.items()
            if t in ("din-djarin", "bo-katan-kryze")} == {"din-djarin": ("rent-discount", 10, 30),
                                                           "bo-katan-kryze": ("go-salary", 50, 70)}
    assert (tokens["ahsoka-tano"]["ability"], tokens["boba-fett"]["ability"]) == ("reroll", "double-draw")
    game = new_game2(4)
    assert [p.token for p in game.state.players] == ["din-djarin", "bo-katan-kryze", "ahsoka-tano", "boba-fett"]


def test_the_stormtrooper_takes_the_incinerators_place() -> None:
    """MA-SEASON-2: in the second season the Stormtrooper starts in outpost 2 with a deck by player count, where the
    first season has the Incinerator Stormtrooper."""
    game = new_game2(3)
    assert where(game, "stormtrooper") == (-1, 2)
    assert INC not in game.describe()["enemies"]
    assert game.describe()["enemies"]["stormtrooper"]["cards_left"] == 3
