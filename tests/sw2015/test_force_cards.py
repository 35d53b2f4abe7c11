"""Star Wars 2015: the Force cards in hand: dealt at the start, kept when drawn, played at any time, used cards on
their deck's discard pile and the deck made again from it (SW-SETUP-2, SW-FORCE-3, SW-FORCE-5 in
docs/rules/star-wars-2015.md). The board is the made-up box of tests/sw2015/testbox.py (TEST DATA);
no Force card is known until a test enters its half, as a family does when one is drawn or played: Luke's Rebel
card space is 3."""

from __future__ import annotations

from companion.engine.errors import CommandRejected
from companion.engine.events import JailChanged, Noted, Posted
from companion.engine.game import Game
from companion.engine.ledger import BANK, Transaction
from companion.rules import rules_of
from companion.rules.core import Emitter
from companion.rules.mechanics.force_cards import discard_account, hand_unit, held_rents
from tests.rules.helpers import codes, play, refusal

from .testbox import layout_lines, new_game, place_bases, space


def board_only(*players: str) -> Game:
    """A game whose board is entered, its Force cards not."""
    game = new_game(*players, learnt=False)
    play(game, *[line for line in layout_lines() if not line.startswith("box card:")])
    return game


def held(game: Game, player: str, deck: str) -> int:
    return game.state.ledger.balance(player, hand_unit(deck))


def piles(game: Game, deck: str) -> tuple[int, int]:
    """How many cards of ``deck`` are face down in the deck and face up on its discard pile."""
    ledger = game.state.ledger
    return ledger.balance(BANK, hand_unit(deck)), ledger.balance(discard_account(deck), hand_unit(deck))


def move_cards(game: Game, source: str, target: str, deck: str, count: int) -> None:
    """TEST-ONLY shortcut: ``count`` cards of ``deck`` from one place to another (as if earlier play had put them
    there; nothing is journaled)."""
    Emitter(game.state).add(Posted(Transaction.transfer("test set-up", source, target, hand_unit(deck), count)))


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


def test_a_card_in_hand_waits_while_another_players_decision_is_open() -> None:
    """SW-FORCE-3 (interpretation: "at any time" is any time nothing else is being settled, or a card that moves
    its player would open a second landing beside the first; the state machine found a Base bought twice):
    Luke stops on the Bounty Hunter (10); while he chooses where to set his free Base, Vader may not play a card.
    Once the Base is on Hoth 1, Vader plays one (collect 10): 1510 credits, 2 cards left."""
    game = new_game("luke", "vader")
    play(game, "roll luke 4 6")
    assert codes(game, "play vader empire/collect-10-empire") == ["turn/decision-open"]
    play(game, "bounty luke space-1", "play vader empire/collect-10-empire")
    assert (game.state.owner(space(1)), game.state.cash("vader"), held(game, "vader", "empire")) == ("luke", 1510, 2)


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
    Emitter(game.state).add(JailChanged("luke", True, 0))                       # TEST-ONLY: Luke is in Jail
    play(game, "play luke rebel/free")
    assert (game.state.player("luke").in_jail, held(game, "luke", "rebel")) == (False, 3)


def test_just_say_no_cancels_a_rent_claim_and_may_itself_be_answered() -> None:
    """SW-FORCE-4, SW-FORCE-6: Luke claims 10 rent on Tatooine 1 from Vader, who holds 3 cards dealt unseen: the
    rent is paid to Luke at once, and Vader may say no to it until the next roll (Vader 1490, Luke 1410). Vader
    says no (2 cards left); Luke says no to that (2 left); Vader says no again (1 left); Luke lets it stand: three
    Just say no!, so the claim is cancelled and Luke pays the 10 back (Vader 1500, Luke 1400). Nobody rolls while
    the answers go on."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "claim luke vader")
    assert game.state.decisions == [] and held_rents(game.state) == [("luke", "vader", 10)]
    assert (game.state.cash("vader"), game.state.cash("luke")) == (1490, 1410)
    assert codes(game, "let-stand luke") == ["decision/no-just-say-no"]
    play(game, "say-no vader")
    assert [(d.kind, d.player) for d in game.state.decisions] == [("just-say-no", "luke")]
    play(game, "say-no luke")
    assert "turn/decision-open" in codes(game, "end vader")
    play(game, "say-no vader", "let-stand luke")
    assert (game.state.cash("vader"), game.state.cash("luke")) == (1500, 1400)
    assert (held(game, "vader", "empire"), held(game, "luke", "rebel")) == (1, 2)
    assert (piles(game, "empire"), piles(game, "rebel")) == ((15, 2), (15, 1))  # SW-FORCE-5: used, face up
    assert game.state.decisions == [] and held_rents(game.state) == []


def test_a_claim_stands_after_two_just_say_no_or_when_the_payer_holds_no_card() -> None:
    """SW-FORCE-4: Vader says no to Luke's claim of 10 and Luke says no back: two, so the claim stands and Vader
    pays 10. In another game Vader holds no card: nothing is asked, and Luke's claim is paid at once."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "claim luke vader",
         "say-no vader", "say-no luke", "let-stand vader")
    assert (game.state.cash("vader"), held(game, "vader", "empire"), held(game, "luke", "rebel")) == (1490, 2, 2)
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke")
    Emitter(game.state).add(Posted(Transaction.transfer("test set-up",
                                                        "vader", BANK, hand_unit("empire"), 3)))  # TEST-ONLY
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


def test_used_cards_go_face_up_to_their_decks_discard_pile() -> None:
    """SW-FORCE-5: each deck holds 18 cards; Luke and Vader are dealt 3 each, so each deck keeps 15 face down.
    Luke draws a Rebel card that acts at once (collect 10, two copies in the box): the deck keeps 14, 1 lies face
    up. He plays one of his own from his hand, the other copy: 2 face up, 2 in his hand. Vader draws a Get Out
    of Jail Free half (TEST DATA) from the Rebel deck: it joins his hand, not the discards (deck 13). Every Rebel
    card is somewhere: 13 + 2 + 2 + 1 = 18."""
    game = board_only("luke", "vader")
    play(game, "box card:rebel/collect-10-rebel 'title=Collect 10' effect=collect amount=10 side=rebel count=2",
         "box card:rebel/free-empire effect=jail-free side=empire")
    assert piles(game, "rebel") == (18 - 3, 0)
    play(game, "roll luke 1 2", "card luke collect-10-rebel")
    assert (piles(game, "rebel"), game.state.cash("luke")) == ((14, 1), 1510)
    play(game, "play luke rebel/collect-10-rebel")
    assert (piles(game, "rebel"), held(game, "luke", "rebel"), game.state.cash("luke")) == ((14, 2), 2, 1520)
    play(game, "end luke", "roll vader 1 2", "card vader free-empire")
    assert (piles(game, "rebel"), held(game, "vader", "rebel"), held(game, "vader", "empire")) == ((13, 2), 1, 3)
    assert sum(piles(game, "rebel")) + held(game, "luke", "rebel") + held(game, "vader", "rebel") == 18
    assert piles(game, "empire") == (15, 0)


def test_a_deck_that_has_run_out_is_made_again_from_its_discards() -> None:
    """SW-FORCE-5: the Rebel deck is down to 1 card, 14 lie face up (TEST-ONLY: as if used earlier), and Luke
    holds his 3. Luke draws the last one (collect 10): 0 face down, 15 face up. Vader stops on the same space:
    the deck has run out, so its 15 discards are shuffled into a new deck, as the table reads, and he draws
    from it: 14 face down, 1 face up; 14 + 1 + 3 = 18."""
    game = new_game("luke", "vader")
    move_cards(game, BANK, discard_account("rebel"), "rebel", 14)                     # TEST-ONLY
    assert piles(game, "rebel") == (1, 14)
    play(game, "roll luke 1 2", "card luke collect-10-rebel")
    assert piles(game, "rebel") == (0, 15)
    events = play(game, "end luke", "roll vader 1 2")
    remade = [e.txn.reason for e in events if isinstance(e, Posted) and e.txn.postings[0].unit == hand_unit("rebel")]
    assert remade == ["the Rebel deck has run out: its 15 used cards are shuffled into a new deck"]
    assert piles(game, "rebel") == (15, 0)
    play(game, "card vader collect-10-empire")
    assert (piles(game, "rebel"), held(game, "luke", "rebel"), game.state.cash("vader")) == ((14, 1), 3, 1510)


def test_with_every_card_of_a_deck_in_hand_nothing_is_drawn() -> None:
    """SW-FORCE-5 (interpretation: the deck cannot be made again): the 15 Rebel cards left after the deal are in
    Vader's hand (TEST-ONLY), so the deck and its discards are empty: Luke stops on the Rebel space and draws
    nothing; the table is told, and his turn goes on to its end."""
    game = new_game("luke", "vader")
    move_cards(game, BANK, "vader", "rebel", 15)                                      # TEST-ONLY
    events = play(game, "roll luke 1 2")
    assert game.state.decisions == [] and piles(game, "rebel") == (0, 0)
    assert any(isinstance(e, Noted) and "nothing to draw" in e.text for e in events)
    play(game, "end luke")


def test_a_card_making_every_other_player_pay_is_answered_by_each_in_turn() -> None:
    """SW-FORCE-4: Luke draws a Rebel card whose Rebel half collects 20 from each other player (TEST DATA). It is
    an action against each of them, answered one after another from Luke's left: Vader says no and Luke lets
    it stand, so Vader pays nothing; Finn, his ally, lets it stand and pays 20 (answering before Vader is refused,
    saying whose answer the table waits for); Kylo holds no card (TEST-ONLY), so he is not asked and pays 20 at
    once. Nobody rolls while an answer is open."""
    game = board_only("luke", "vader", "finn", "kylo")
    move_cards(game, "kylo", BANK, "empire", 3)                                       # TEST-ONLY
    play(game, "box card:rebel/each effect=collect-from-each-player amount=20 side=rebel",
         "roll luke 1 2", "card luke each")
    assert [(d.kind, d.player) for d in game.state.decisions] == [("just-say-no", "vader")]
    assert refusal(game, "let-stand finn").violations[0].message == (
        "Finn has nothing to answer right now. The table waits for Vader's answer first.")
    play(game, "end luke")
    assert codes(game, "roll vader 1 2") == ["turn/decision-open"]
    play(game, "say-no vader", "let-stand luke")
    assert [(d.kind, d.player) for d in game.state.decisions] == [("just-say-no", "finn")]
    play(game, "let-stand finn")
    assert game.state.decisions == []
    assert [game.state.cash(p) for p in ("luke", "vader", "finn", "kylo")] == [1540, 1500, 1480, 1480]
    assert (held(game, "vader", "empire"), held(game, "luke", "rebel")) == (2, 3)


def test_a_card_played_from_the_hand_against_a_player_may_be_answered() -> None:
    """SW-FORCE-3, SW-FORCE-4: Vader plays a card from his hand whose Empire half collects 20 from each other
    player (TEST DATA): Luke says no, Vader says no back, Luke lets it stand: two Just say no!, so Luke pays 20.
    Vader used two cards (1 left), Luke one (2 left); the log says he "plays an Empire card"."""
    game = board_only("luke", "vader")
    play(game, "box card:empire/each effect=collect-from-each-player amount=20 side=empire")
    events = play(game, "play vader empire/each")
    assert "Vader plays an Empire card" in [e.txn.reason for e in events if isinstance(e, Posted)]
    play(game, "say-no luke", "say-no vader", "let-stand luke")
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1480, 1520)
    assert (held(game, "vader", "empire"), held(game, "luke", "rebel")) == (1, 2)


def test_a_force_card_moving_a_token_back_onto_go_pays_200() -> None:
    """SW-GO-1: Vader stops on the Rebel cards (3) and draws a card whose Empire half sends him back 3 spaces
    (TEST DATA): he lands on GO and collects 200. (Luke then stops on the Empire cards: "an Empire card".)"""
    game = board_only("luke", "vader")
    play(game, "box card:rebel/back-3 effect=back spaces=3 side=empire", "roll luke 4 5", "end luke",
         "roll vader 1 2", "card vader back-3")
    assert (game.state.player("vader").position, game.state.cash("vader")) == (0, 1700)
    play(game, "end vader", "roll luke 2 2")                                 # Luke: 9 -> 13, the Empire cards
    assert rules_of(game).blockers(game.state)[0].message == "Luke must first draw an Empire card."


def test_get_out_of_jail_free_is_played_from_the_hand_not_with_jail_card() -> None:
    """SW-JAIL-3: a Get Out of Jail Free card is a Force card in the hand: ``jail-card`` is refused and says to
    play it (``play P DECK/CARD``)."""
    game = board_only("luke", "vader")
    Emitter(game.state).add(JailChanged("luke", True, 0))                       # TEST-ONLY: Luke is in Jail
    refused = codes(game, "jail-card luke")
    assert refused == ["jail/no-card"]
    try:
        play(game, "jail-card luke")
    except CommandRejected as exc:
        assert "play luke DECK/CARD" in exc.violations[0].message


def test_the_table_script_shows_how_many_force_cards_each_player_holds() -> None:
    """SW-SETUP-2: the printed state gives each player's Force cards by deck: Vader alone against Luke and Finn
    holds 6 Empire cards, each Rebel 3 Rebel cards."""
    from companion.script import state_json

    players = state_json(board_only("vader", "luke", "finn"))["players"]
    assert [p["force_cards"] for p in players] == [{"rebel": 0, "empire": 6}, {"rebel": 3, "empire": 0},
                                                   {"rebel": 3, "empire": 0}]


def test_the_table_script_shows_the_bases_and_the_force_decks() -> None:
    """SW-BUY-4, SW-FORCE-5: the printed state gives each side's Bases on the board and left in the bank (12 of
    each colour in the made-up box: Luke holds two planet spaces, so the Rebels have 2 out and 10 in the bank), and
    each Force deck's piles: 18 cards each (TEST DATA), 3 dealt to each player, so 15 face down; one Rebel card
    used from Luke's hand lies on the discard pile. Before the box says how many Bases it holds, the bank's count
    is unknown (null), never guessed."""
    from companion.script import state_json

    unknown = state_json(new_game("luke", "vader", learnt=False))["pending"]["bases"]
    assert unknown["rebel"] == {"board": 0, "bank": None}
    game = new_game("luke", "vader")
    place_bases(game, "luke", 1, 2)
    move_cards(game, "luke", discard_account("rebel"), "rebel", 1)
    pending = state_json(game)["pending"]
    assert pending["bases"] == {"rebel": {"board": 2, "bank": 10}, "empire": {"board": 0, "bank": 12}}
    assert pending["force_decks"] == {"rebel": {"face_down": 15, "discarded": 1},
                                      "empire": {"face_down": 15, "discarded": 0}}
