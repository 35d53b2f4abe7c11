"""Star Wars 2015, found by the second and third red-team passes: an auction nobody else may bid in, an offer to a
lander whose side has no Base left, a Force card that makes its player pay each other player while short of cash,
a ``play`` that names no card, and a card that would move a token out of Jail (SW-BUY-4, SW-BUY-5, SW-CASH-1,
SW-FORCE-3 in docs/rules/star-wars-2015.md). The board is the made-up box of tests/sw2015/testbox.py (TEST DATA):
Tatooine at 4 and 7 (price 100), Tax at 9 (200), Endor at 11 (price 120), Free Parking at 12, the Empire cards at
13, Go To Jail at 18, Kashyyyk at 21. Every card half named here is TEST DATA."""

from __future__ import annotations

from companion.engine.ledger import BANK
from companion.table.presenters import event_line
from tests.rules.helpers import play, refusal, rejected

from .test_force_cards import board_only
from .testbox import new_game, space

PAY_EACH = "box card:empire/pay-each-15 'title=Pay each' effect=pay-each-player amount=15 side=empire count=1"
"""TEST DATA: an Empire half that pays 15 to each other player."""
HOP = "box card:rebel/hop 'title=Hop' effect=advance target=space-21 side=rebel count=1"
"""TEST DATA: a Rebel half that moves its player to Kashyyyk (21)."""


def test_a_bid_nobody_else_may_raise_wins_at_once() -> None:
    """SW-BUY-4: with one Base of each colour, Luke sets the Rebels' only one on Tatooine 4. Vader draws Collect 10
    (1510). Luke stops on Tatooine 7: he cannot buy it and declines; Vader bids 10, and as Luke may not bid the
    auction closes at once: Tatooine 7 is Vader's, for 10 (1500), and Luke may end his turn."""
    game = new_game("luke", "vader", bases=1)
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 2", "card vader collect-10-empire", "end vader",
         "roll luke 1 2", "decline luke", "bid vader 10")
    assert (game.state.auction, game.state.owner(space(7)), game.state.cash("vader")) == (None, "vader", 1500)
    play(game, "end luke")


def test_a_lander_whose_side_has_no_base_left_is_told_they_cannot_buy() -> None:
    """SW-BUY-4 (third red-team pass: the offer said "Luke may buy it" while ``buy`` was refused): with one Base of
    each colour, Luke's is on Tatooine 4; he stops on Tatooine 7 and the log (and the table script's decision
    text) says he cannot buy it and that it goes up for auction; ``buy`` is refused, ``decline`` opens the
    auction."""
    game = new_game("luke", "vader", bases=1)
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 2", "card vader collect-10-empire", "end vader",
         "roll luke 1 2")
    assert [line for e in game.entries[-1].events if (line := event_line(game, e))][-1] == (
        "Tatooine 2 is for sale, but the Rebels have no Base left in the Bank: Luke cannot buy it, and it goes up "
        "for auction")
    assert game.describe()["decisions"][0]["text"] == "decline Tatooine 2 (no Base left): to auction"
    assert rejected(game, "buy luke") == ["bases/none-left"]
    play(game, "decline luke")
    assert game.state.auction is not None


def test_the_offer_with_no_base_left_has_one_button_and_needs_no_price() -> None:
    """SW-BUY-4, SW-BOX-2: one Base of each colour, Tatooine 2 entered without its price (TEST DATA). Luke's Base
    is on Tatooine 1; he stops on Tatooine 2: the table offers one button, the auction, without asking the
    price (nobody may buy it for the Rebels), and it runs ``decline luke``."""
    from companion.table.actions import turn_actions

    game = new_game("luke", "vader", learnt=False)
    play(game, "box board:layout length=24 jail=6 bases=1",
         "box space:space-4 kind=planet group=tatooine price=100 rent=10",
         "box space:space-7 kind=planet group=tatooine", "roll luke 1 3", "buy luke", "end luke",
         "box space:space-3 kind=card deck=rebel", "box card:rebel/c-empire effect=collect amount=10 side=empire",
         "roll vader 1 2", "card vader c-empire", "end vader", "roll luke 1 2")
    assert [(a.label, a.command) for a in turn_actions(game) if a.key in ("buy", "decline")] == [
        ("Luke: no Base left, auction Tatooine 2", "decline luke")]


def test_an_auction_nobody_may_bid_in_closes_at_once() -> None:
    """SW-BUY-3, SW-BUY-4, SW-BUY-5: Luke sets the Rebels' only Base on Tatooine 4 (1400); Vader goes to Jail (0 ->
    12 -> 18). Luke stops on Tatooine 7 and declines it: he has no Base left and Vader is in Jail, so nobody may
    bid: the auction closes at once and the space stays empty."""
    game = new_game("luke", "vader", bases=1)
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 6 6", "roll vader 2 4", "end vader",
         "roll luke 1 2", "decline luke")
    assert (game.state.auction, game.state.owner(space(7)), game.state.cash("luke")) == (None, BANK, 1400)
    play(game, "end luke")


def test_a_card_paying_each_player_pays_them_from_its_players_left() -> None:
    """SW-CASH-1, SW-CASH-3, SW-CASH-4: Vader holds Tatooine 4 (100) and Endor 11 (120) and is left 20 credits.
    His card pays 15 to each other player from his left: Finn is paid (Vader 5); Kylo, an ally, gets the most
    valuable Base, Endor 11, turned over; Luke gets Tatooine 4 with a Rebel Base in its place. Luke, Kylo: 1300
    (the Tax), Finn 1300 + 15 = 1315."""
    game = board_only("luke", "vader", "finn", "kylo")
    play(game, PAY_EACH, "roll luke 4 5", "end luke", "roll vader 2 2", "buy vader", "roll vader 3 4", "buy vader",
         "end vader", "roll finn 4 5", "end finn", "roll kylo 4 5", "end kylo", "roll luke 1 2", "end luke",
         "transfer vader bank 1260 TEST: Vader is short", "roll vader 1 1", "card vader pay-each-15")
    s = game.state
    assert [s.cash(p) for p in ("luke", "vader", "finn", "kylo")] == [1300, 5, 1315, 1300]
    assert (s.owner(space(4)), s.owner(space(11))) == ("luke", "kylo")


def test_a_play_naming_no_card_is_refused_with_the_words_to_use() -> None:
    """SW-FORCE-3: ``play luke rebel`` (no card after the deck) is refused with how to name the card, not taken
    for a card called '' (nor asked of the box while the deck's cards are not entered)."""
    assert rejected(new_game("luke", "vader"), "play luke rebel") == ["play/card"]
    assert rejected(board_only("luke", "vader"), "play luke rebel/") == ["play/card"]


def test_a_card_that_moves_its_token_waits_while_its_player_is_in_jail() -> None:
    """SW-FORCE-3, SW-JAIL-2: Luke (third doubles: in Jail) holds a card that moves him to Kashyyyk 21. Played from
    the hand in Jail it is refused and his token stays in Jail; once he has paid the fine (1400 - 100 = 1300) it
    moves him there (no GO on the way) and Kashyyyk is offered to him."""
    game = board_only("luke", "vader")
    play(game, HOP, "roll luke 2 2", "buy luke", "roll luke 1 1", "roll luke 3 3", "end luke", "roll vader 4 5",
         "end vader")
    assert rejected(game, "play luke rebel/hop") == ["play/in-jail"]
    assert (game.state.player("luke").in_jail, game.state.player("luke").position) == (True, 6)
    play(game, "fine luke", "play luke rebel/hop")
    luke = game.state.player("luke")
    assert (luke.in_jail, luke.position, game.state.cash("luke")) == (False, 21, 1300)
    assert [(d.kind, d.data["space"]) for d in game.state.decisions_for("luke")] == [("offer", space(21))]


def test_a_card_half_beyond_the_decks_size_for_its_side_is_refused_in_words_of_that_side() -> None:
    """SW-FORCE-7: the made-up box enters 18 Rebel halves of the Rebel deck (16 Collect 10 and 2 Just say no!); a
    19th Rebel half is refused, saying that side's halves are all entered; an Empire half of the same deck is
    counted on its own."""
    game = new_game("luke", "vader")
    extra = "box card:rebel/extra 'title=Extra' effect=collect amount=5 side=rebel count=1"
    assert [v.message for v in refusal(game, extra).violations] == [
        "The Rebel deck has no card 'extra': the 18 halves for the Rebels are all entered already (collect-10-rebel, "
        "no-rebel)."]
