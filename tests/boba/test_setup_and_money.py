"""Set-up, the box and the table's words of the Boba Fett edition (BF-SETUP-*, BF-BOARD-*, BF-WORDS-*, BF-TIPS-1).

The box facts (2 to 4 players, 1,500 each, 22 Title Deeds, 32 Sigils, 12 Skulls, two decks of 16) are the rule
book's; the names and prices on the board are the made-up test box of tests/boba/testbox.py.
"""

from __future__ import annotations

import pytest

from companion.engine.errors import CommandRejected
from companion.engine.ledger import BANK, HOTEL, HOUSE, deed_unit
from companion.engine.state import Setup
from companion.rules import new_game as open_game

from .helpers import build_rows, cash, codes, depository, give_deeds, messages, play, set_cash
from .testbox import SEATS, boba, new_game, shipped


def seated(count: int, variant: str = "standard") -> Setup:
    """A set-up with ``count`` players (ids din, fennec, bossk, cad, then extra-5, extra-6...)."""
    ids = [*SEATS, *(f"extra-{n}" for n in range(len(SEATS) + 1, count + 1))][:count]
    return Setup("boba-fett", variant, [{"id": pid, "name": pid.capitalize()} for pid in ids], 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_may_sit_down(players: int) -> None:
    """BF-SETUP-1: the box says 2-4; each of those counts starts a game with everyone seated."""
    game = open_game(boba(), seated(players))
    assert [p.id for p in game.state.players] == list(SEATS[:players])


@pytest.mark.parametrize("players", [1, 5])
def test_one_or_five_players_are_refused(players: int) -> None:
    """BF-SETUP-1: one player alone, or a fifth player, is refused with the range in the message."""
    with pytest.raises(CommandRejected) as refusal:
        open_game(boba(), seated(players))
    assert [v.code for v in refusal.value.violations] == ["setup/players"]
    assert f"2 to 4 players, not {players}" in refusal.value.violations[0].message


def test_everyone_starts_with_1500_on_go() -> None:
    """BF-SETUP-3, BF-SETUP-5: each of four players is handed 1,500 credits and stands on GO (space 0)."""
    game = new_game(4)
    assert [cash(game, p) for p in SEATS] == [1500, 1500, 1500, 1500]
    assert [game.state.player(p).position for p in SEATS] == [0, 0, 0, 0]
    assert game.state.ledger.balance(BANK, "credits") == -4 * 1500  # all of it came from the Depository


def test_each_player_takes_one_of_the_four_tokens() -> None:
    """BF-SETUP-5: the box has four alike tokens, numbered 1 to 4 here; two players may not take the same one."""
    assert list(boba().tokens) == ["boba-fett-1", "boba-fett-2", "boba-fett-3", "boba-fett-4"]

    def with_tokens(*tokens: str) -> Setup:
        return Setup("boba-fett", "standard", [{"id": pid, "name": pid, "token": token}
                                               for pid, token in zip(SEATS, tokens, strict=False)], 0)

    game = open_game(boba(), with_tokens("boba-fett-3", "boba-fett-1"))
    assert [p.token for p in game.state.players] == ["boba-fett-3", "boba-fett-1"]
    for tokens in (("boba-fett-2", "boba-fett-2"), ("boba-fett-1", "boba-fett-5")):
        with pytest.raises(CommandRejected) as refusal:
            open_game(boba(), with_tokens(*tokens))
        assert [v.code for v in refusal.value.violations] == ["setup/token"]


def test_the_depository_holds_every_title_deed_sigil_and_skull_at_the_start() -> None:
    """BF-SETUP-2: before the first roll the Depository holds all 22 Title Deeds, 32 Sigils and 12 Skulls."""
    game = new_game(2)
    deeds = [d.id for d in game.edition.deeds]
    assert len(deeds) == 22
    assert all(game.state.ledger.balance(BANK, deed_unit(d)) == 1 for d in deeds)
    assert (depository(game, HOUSE), depository(game, HOTEL)) == (32, 12)


def test_the_box_holds_three_kinds_of_property_and_two_decks_of_16() -> None:
    """BF-SETUP-4, BF-SETUP-6: the shipped edition (no box entered) knows 8 colour sets of two characters, 4
    pieces of equipment and 2 Imperial forces (22 Title Deeds), two decks of 16 (Bounty Hunter, Pursuit Craft),
    32 Sigils, 12 Skulls and two six-sided dice."""
    e = shipped()
    sizes = {g.id: g.size for g in e.groups.values()}
    assert sizes == {**{f"colour-set-{k}": 2 for k in range(1, 9)}, "equipment": 4, "imperial-forces": 2}
    assert sum(sizes.values()) == 22
    assert {d.name: d.size for d in e.decks.values()} == {"Bounty Hunter": 16, "Pursuit Craft": 16}
    assert (e.houses, e.hotels) == (32, 12)
    assert [die.values for die in e.dice.need("move").dice] == [(1, 2, 3, 4, 5, 6)] * 2
    # With the test box laid over it, the 22 Title Deeds are 16 characters, 4 equipment and 2 Imperial forces.
    kinds = [d.kind for d in boba().deeds]
    assert (kinds.count("street"), kinds.count("vessel"), kinds.count("utility")) == (16, 4, 2)


def test_the_board_is_the_classic_frame_of_40_spaces() -> None:
    """BF-BOARD-1: the shipped board has 40 spaces with its four named corners at 0, 10, 20 and 30."""
    e = shipped()
    assert len(e.spaces) == 40
    corners = {s.position: (s.kind, s.name) for s in e.spaces if s.position % 10 == 0}
    assert corners == {0: ("go", "GO"), 10: ("jail", "In Jail / Just Visiting"), 20: ("free-parking", "Free Parking"),
                       30: ("go-to-jail", "Go To Jail")}


def test_a_space_known_only_by_its_type_asks_for_its_colour_set_or_its_deck() -> None:
    """BF-BOARD-1: on the shipped board (nothing printed known) the table said only that space 3 is a character
    and space 7 a card space: a token stopping there asks for the colour set, or the deck, in those words."""
    game = open_game(shipped(), seated(2))
    play(game, "box space:space-3 kind=street", "box space:space-7 kind=card")
    for line, target, field, words in (
            ("roll din 1 2", "space:space-3", "group", "Space 3: nobody has said which colour set this space "
                                                       "belongs to yet. Choose it as the board shows it."),
            ("roll din 3 4", "space:space-7", "deck", "Space 7: nobody has said which deck this card space draws "
                                                      "from yet. Choose it as the board shows it.")):
        with pytest.raises(CommandRejected) as refusal:
            play(game, line)
        asked = refusal.value.violations[0]
        assert (asked.message, asked.need and asked.need.target, asked.need and asked.need.fields) == (
            words, target, (field,))


def test_the_player_entered_first_has_the_dice() -> None:
    """BF-TURN-1: the table enters the winner of the opening roll first; that player has the dice and nobody
    else may roll."""
    game = new_game(3)
    assert game.state.turn.player == "din"
    assert codes(game, "roll fennec 3 4") == ["turn/not-your-turn"]


def test_only_the_standard_game_is_offered() -> None:
    """BF-TIPS-1: the book warns against house rules; the edition offers only its standard game, and a short
    game is refused."""
    assert list(boba().variants) == ["standard"]
    with pytest.raises(CommandRejected) as refusal:
        open_game(boba(), seated(2, "short"))
    assert [v.code for v in refusal.value.violations] == ["setup/variant"]


def test_the_table_speaks_the_books_words() -> None:
    """BF-WORDS-1: the edition's words for the game's things are the rule book's."""
    e = boba()
    words = {key: e.term(key) for key in ("bank", "banker", "buy", "rent", "house", "hotel", "buildings", "street",
                                          "railroad", "utility", "group", "mortgage", "mortgaged",
                                          "mortgage_value", "unmortgage", "bankrupt", "currency")}
    assert words == {"bank": "Depository", "banker": "Expeditor", "buy": "collect", "rent": "payment",
                     "house": "Sigil", "hotel": "Skull", "buildings": "armour symbols", "street": "character",
                     "railroad": "equipment", "utility": "Imperial force", "group": "colour set",
                     "mortgage": "make inactive", "mortgaged": "inactive", "mortgage_value": "inactive value",
                     "unmortgage": "reinstate", "bankrupt": "out of the game", "currency": "credits"}
    game = new_game(2)
    play(game, "roll din 1 5")  # to space 6, a character nobody has collected
    assert game.describe()["decisions"][0]["text"] == "collect or decline Character 2A (test)"


def test_refusals_speak_the_books_words() -> None:
    """BF-WORDS-1: refusals name the Depository, Sigils, payment, inactive, reinstate and the 10 % fee (a
    ``lift`` or ``keep`` with no inactive property just received names the property; selling off a bare
    character names the armour symbols), and never the classic bank, mortgage, rent, houses, hotels or
    bankruptcy."""
    game = new_game(2)
    give_deeds(game, "din", "space-11", "space-13", "space-6")  # TEST-ONLY
    build_rows(game, "din", ("space-11", "space-13"), 1)
    play(game, "mortgage din space-6")
    said = [messages(game, "mortgage din space-11"),
            messages(game, "propose din fennec give=deed:space-13 get=cash:50"),
            messages(game, "claim din fennec"),
            messages(game, "lift din space-6"), messages(game, "keep din space-6"),
            messages(game, "sell din space-6")]
    set_cash(game, "din", 100)  # TEST-ONLY
    said.append(messages(game, "unmortgage din space-6"))
    play(game, "roll din 1 3")  # the Sarlacc Pit: 200 owed with 100 in hand
    said.append(messages(game, "end din"))
    said.append(messages(game, "roll din 1 2"))
    text = " ".join(said)
    for word in ("Depository", "armour symbols", "payment", "Reinstate", "colour set", "leave the game",
                 "has not just received Character 2A (test) inactive: there is no 10 % fee",
                 "There are no armour symbols on Character 2A (test).",
                 "no 10 % fee to settle on it; reinstate it at the usual cost instead."):
        assert word in text
    for word in ("bank", "mortgage", "rent", "house", "hotel", "bankrupt", "street"):
        assert word not in text.lower()
