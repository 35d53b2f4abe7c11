"""Star Wars 2015: the Force cards in hand: dealt at the start, kept when drawn, played at any time (SW-SETUP-2,
SW-FORCE-3 in docs/rules/star-wars-2015.md). The board is the made-up box of tests/sw2015/testbox.py (TEST DATA);
no Force card is known until a test enters its half, as a family does when one is drawn or played: Luke's Rebel
card space is 3."""

from __future__ import annotations

from companion.engine.errors import CommandRejected
from companion.engine.events import JailChanged
from companion.engine.game import Game
from companion.engine.ledger import BANK
from companion.rules.core import Emitter
from companion.rules.mechanics.force_cards import hand_unit
from tests.rules.helpers import codes, play

from .testbox import layout_lines, new_game


def board_only(*players: str) -> Game:
    """A game whose board is entered, its Force cards not."""
    game = new_game(*players, learnt=False)
    play(game, *[line for line in layout_lines() if not line.startswith("box card:")])
    return game


def held(game: Game, player: str, deck: str) -> int:
    return game.state.ledger.balance(player, hand_unit(deck))


def test_everyone_is_dealt_three_cards_of_their_sides_deck_and_one_alone_six() -> None:
    """SW-SETUP-2, SW-SIDE-3: two players: Luke holds 3 Rebel cards, Vader 3 Empire cards, the decks keep 15
    each. Three players: Vader, alone for the Empire, holds 6."""
    game = board_only("luke", "vader")
    assert (held(game, "luke", "rebel"), held(game, "vader", "empire")) == (3, 3)
    assert game.state.ledger.balance(BANK, hand_unit("rebel")) == 18 - 3
    game = board_only("vader", "luke", "finn")
    assert (held(game, "vader", "empire"), held(game, "luke", "rebel"), held(game, "finn", "rebel")) == (6, 3, 3)


def test_a_card_in_hand_is_played_at_any_time_by_naming_its_half() -> None:
    """SW-FORCE-3: Luke plays one of the Rebel cards dealt to him; the app does not know it yet, so its Rebel half
    is asked (collect 25, TEST DATA); then it acts: Luke has 1525 and holds 2 cards."""
    game = board_only("luke", "vader")
    try:
        play(game, "play luke rebel/collect-25")
    except CommandRejected as refused:
        assert refused.violations[0].code == "box/needed"
    else:
        raise AssertionError("the card was not asked for")
    play(game, "box card:rebel/collect-25 effect=collect amount=25 side=rebel", "play luke rebel/collect-25")
    assert (game.state.cash("luke"), held(game, "luke", "rebel")) == (1525, 2)
    assert codes(game, "play vader rebel/collect-25") == ["play/none-held"]


def test_a_card_to_keep_joins_the_hand_and_frees_from_jail_when_played() -> None:
    """SW-FORCE-3, SW-JAIL-3: Luke draws a Get Out of Jail Free card (its Rebel half, TEST DATA) on the Rebel
    space: it joins his hand (4 cards); not in Jail, it cannot be played. In Jail on his next turn, he plays it
    before rolling and is free. Just say no! is not played from the hand on its own."""
    game = board_only("luke", "vader")
    play(game, "box card:rebel/free effect=jail-free side=rebel", "box card:rebel/no effect=just-say-no side=rebel",
         "roll luke 1 2", "card luke free")
    assert held(game, "luke", "rebel") == 4
    assert codes(game, "play luke rebel/free") == ["jail/not-in-jail"]
    assert codes(game, "play luke rebel/no") == ["play/just-say-no"]
    play(game, "end luke", "roll vader 3 4", "decline vader", "close", "end vader")
    Emitter(game.state)(JailChanged("luke", True, 0))                       # TEST-ONLY: Luke is in Jail
    play(game, "play luke rebel/free")
    assert (game.state.player("luke").in_jail, held(game, "luke", "rebel")) == (False, 3)
