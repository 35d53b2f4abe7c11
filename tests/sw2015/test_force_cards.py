"""Star Wars 2015: the Force cards in hand: dealt at the start, kept when drawn, played at any time (SW-SETUP-2,
SW-FORCE-3 in docs/rules/star-wars-2015.md). The board is the made-up box of tests/sw2015/testbox.py (TEST DATA);
no Force card is known until a test enters its half, as a family does when one is drawn or played: Luke's Rebel
card space is 3."""

from __future__ import annotations

from companion.engine.errors import CommandRejected
from companion.engine.events import JailChanged, Posted
from companion.engine.game import Game
from companion.engine.ledger import BANK, Transaction
from companion.rules.core import Emitter
from companion.rules.mechanics.force_cards import hand_unit
from tests.rules.helpers import codes, play

from .testbox import layout_lines, new_game, space


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


def test_just_say_no_cancels_a_rent_claim_and_may_itself_be_answered() -> None:
    """SW-FORCE-4: Luke claims 10 rent on Tatooine 1 from Vader, who holds 3 cards: Vader says no (2 left); Luke
    says no to that (2 left); Vader says no again (1 left); Luke lets it stand: three Just say no!, so the claim
    is cancelled and nothing is paid. Nobody rolls while the answers go on."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "claim luke vader")
    assert [(d.kind, d.player) for d in game.state.decisions] == [("just-say-no", "vader")]
    assert codes(game, "let-stand luke") == ["decision/no-just-say-no"]
    play(game, "say-no vader", "say-no luke")
    assert "turn/decision-open" in codes(game, "end vader")
    play(game, "say-no vader", "let-stand luke")
    assert (game.state.cash("vader"), game.state.cash("luke")) == (1500, 1400)
    assert (held(game, "vader", "empire"), held(game, "luke", "rebel")) == (1, 2)
    assert game.state.decisions == []


def test_a_claim_stands_after_two_just_say_no_or_when_the_payer_holds_no_card() -> None:
    """SW-FORCE-4: Vader says no to Luke's claim of 10 and Luke says no back: two, so the claim stands and Vader
    pays 10. In another game Vader holds no card: nothing is asked, and Luke's claim is paid at once."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "claim luke vader",
         "say-no vader", "say-no luke", "let-stand vader")
    assert (game.state.cash("vader"), held(game, "vader", "empire"), held(game, "luke", "rebel")) == (1490, 2, 2)
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke")
    Emitter(game.state)(Posted(Transaction.transfer("test set-up", "vader", BANK, hand_unit("empire"), 3)))  # TEST-ONLY
    play(game, "roll vader 1 3", "claim luke vader")
    assert game.state.decisions == [] and game.state.cash("vader") == 1490


def test_just_say_no_spends_a_bounty_hunters_base() -> None:
    """SW-FORCE-4, SW-BOUNTY-1: Luke sets the Bounty Hunter's Base in place of Vader's on Endor 1; Vader says no
    and Luke lets it stand: Endor 1 stays Vader's, and Luke's free Base is spent."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 2", "card luke collect-10-rebel", "end luke", "roll vader 3 5", "buy vader",
         "end vader", "roll luke 3 4", "bounty luke space-8", "say-no vader", "let-stand luke")
    assert game.state.owner(space(8)) == "vader"


def test_the_phones_show_how_many_cards_each_player_holds() -> None:
    """SW-SETUP-2: each seat on the phones says how many Force cards its player holds (never which): 3 each at
    the start (on the table, each player's button to play one says it)."""
    from companion.table.views import player_views
    from companion.web.payloads import seat

    game = board_only("luke", "vader")
    views = player_views(game)
    assert [v.force_cards for v in views] == [3, 3]
    assert "3 Force cards" in seat(game.edition, views[0])["notes"]
