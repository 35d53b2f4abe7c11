"""Rebel and Imperial cards: every effect kind of both decks (OT-CARD-*, OT-EDITION-8)."""

from __future__ import annotations

import pytest

from companion.engine.events import TokenMoved
from companion.engine.game import Game
from companion.engine.ledger import BANK, CREDITS

from .helpers import give_cash, give_deeds, new_game, play, refusal, rejected, roll_and_end

# Landing on a card space from GO: 3+4 reaches the Imperial space at 7, 1+1 the Rebel space at 2.
TO_DECK = {"imperial": ("roll luke 3 4", 7), "rebel": ("roll luke 1 1", 2)}

# (deck, card id, change to the drawer's cash) from the card list in editions/original-trilogy/cards.toml
MONEY_CARDS = [
    ("imperial", "dividend", +50),
    ("imperial", "loan-matures", +150),
    ("imperial", "pay-15", -15),
    ("rebel", "credit-error", +200),
    ("rebel", "stock-sale", +45),
    ("rebel", "holiday-fund", +100),
    ("rebel", "tax-refund", +20),
    ("rebel", "life-insurance", +100),
    ("rebel", "services-fee", +25),
    ("rebel", "contest-prize", +10),
    ("rebel", "inheritance", +100),
    ("rebel", "doctor-fee", -50),
    ("rebel", "hospital", -100),
    ("rebel", "school-tax", -150),
]


def draw(game: Game, deck: str, card: str) -> list:
    """Luke lands on a space of ``deck`` from GO and draws ``card``; returns the card's events."""
    line, position = TO_DECK[deck]
    play(game, line)
    assert game.state.player("luke").position == position
    assert [(d.kind, d.data["deck"]) for d in game.state.decisions] == [("card", deck)]
    return play(game, f"card luke {card}")


# ---------------------------------------------------------------- drawing


def test_a_card_space_asks_for_a_card_of_its_deck() -> None:
    """OT-CARD-1, OT-EDITION-8: the Imperial space asks for an Imperial card; play waits until it is named."""
    game = new_game()
    play(game, "roll luke 3 4")
    assert [v.message for v in refusal(game, "end luke").violations] == ["Luke must first draw an Imperial card."]
    assert rejected(game, "card luke credit-error") == ["card/unknown"]  # a Rebel card, not Imperial
    assert rejected(game, "card luke no-such-card") == ["card/unknown"]
    assert rejected(game, "card vader dividend") == ["card/no-draw"]
    play(game, "card luke dividend", "end luke")


def test_no_card_without_landing_on_a_card_space() -> None:
    """OT-CARD-1: a card is drawn only from a Rebel or Imperial space."""
    game = new_game()
    assert rejected(game, "card luke dividend") == ["card/no-draw"]
    play(game, "roll luke 4 6")
    assert rejected(game, "card luke dividend") == ["card/no-draw"]


def test_a_card_goes_back_into_its_deck_after_use() -> None:
    """OT-CARD-2: the card is not used up; the next player may draw the same card again."""
    game = new_game()
    play(game, "roll luke 3 4", "card luke dividend", "end luke")
    play(game, "roll vader 3 4", "card vader dividend")
    assert game.state.cash("luke") == game.state.cash("vader") == 1500 + 50


# ---------------------------------------------------------------- money cards


@pytest.mark.parametrize(("deck", "card", "change"), MONEY_CARDS)
def test_collect_and_pay_cards(deck: str, card: str, change: int) -> None:
    """OT-CARD-1: collect cards are paid by the Bank, pay cards paid to the Bank, by the printed amount."""
    game = new_game()
    bank_before = game.state.ledger.balance(BANK, CREDITS)
    draw(game, deck, card)
    assert game.state.cash("luke") == 1500 + change
    assert game.state.ledger.balance(BANK, CREDITS) == bank_before - change
    assert game.state.cash("vader") == 1500


def test_pay_each_player_card() -> None:
    """OT-CARD-1: Imperial "pay every other player 50" at a table of three: luke pays 2 x 50 = 100."""
    game = new_game(3)
    draw(game, "imperial", "pay-each-player-50")
    assert [game.state.cash(p) for p in ("luke", "vader", "han")] == [1500 - 100, 1550, 1550]


def test_collect_from_each_player_card() -> None:
    """OT-CARD-1: Rebel "every other player pays you 50" at a table of four: luke gets 3 x 50 = 150."""
    game = new_game(4)
    draw(game, "rebel", "collect-50-each")
    assert [game.state.cash(p) for p in ("luke", "vader", "han", "tarkin")] == [1500 + 150, 1450, 1450, 1450]


@pytest.mark.parametrize(("deck", "card", "cost"), [("imperial", "repairs", 4 * 25 + 1 * 100),
                                                    ("rebel", "street-repairs", 4 * 40 + 1 * 115)])
def test_repairs_cards_charge_per_starship(deck: str, card: str, cost: int) -> None:
    """OT-CARD-1: four fighters on Yoda's Hut and a freighter on the Swamp: Imperial repairs
    4 x 25 + 100 = 200; Rebel repairs 4 x 40 + 115 = 275. Vader's starships are not luke's bill."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-yodas-hut", "dagobah-swamp")  # TEST-ONLY gift
    give_deeds(game, "vader", "coruscant-monument-square", "coruscant-imperial-palace")  # TEST-ONLY gift
    for _ in range(4):
        play(game, "build luke dagobah-swamp", "build luke dagobah-yodas-hut")
    play(game, "build luke dagobah-swamp", "build vader coruscant-imperial-palace")
    assert (game.state.houses("dagobah-yodas-hut"), game.state.hotels("dagobah-swamp")) == (4, 1)
    before = game.state.cash("luke")
    draw(game, deck, card)
    assert game.state.cash("luke") == before - cost


def test_repairs_without_starships_cost_nothing() -> None:
    """OT-CARD-1: with no starships the repairs bill is 0."""
    game = new_game()
    draw(game, "imperial", "repairs")
    assert game.state.cash("luke") == 1500
    play(game, "end luke")


def test_a_card_bill_too_big_to_pay_becomes_a_debt() -> None:
    """OT-CARD-1, OT-TURN-7: school levy 150 with 100 in hand: a debt of 150 that holds up play."""
    game = new_game()
    play(game, "roll luke 1 1")
    give_cash(game, "luke", -1400)  # TEST-ONLY: luke holds 100
    play(game, "card luke school-tax")
    assert game.state.cash("luke") == 100
    assert [(d.debtor, d.creditor, d.amount) for d in game.state.debts] == [("luke", BANK, 150)]


# ---------------------------------------------------------------- moving cards


@pytest.mark.parametrize(("deck", "card", "target", "salary"), [
    ("imperial", "advance-to-go", 0, 200),
    ("rebel", "advance-to-go", 0, 200),
    ("imperial", "advance-to-cloud-city-3", 24, 0),
    ("imperial", "advance-to-tatooine-1", 11, 0),
    ("imperial", "advance-to-imperial-palace", 39, 0),
    ("imperial", "advance-to-tie-fighter", 5, 200),  # from 7, the TIE Fighter at 5 is reached past GO
])
def test_advance_cards(deck: str, card: str, target: int, salary: int) -> None:
    """OT-CARD-1, OT-GO-1: the card moves the token forward to its space, with 200 if it passes GO."""
    game = new_game()
    events = draw(game, deck, card)
    assert TokenMoved("luke", target, "card") in events
    assert game.state.player("luke").position == target
    assert game.state.cash("luke") == 1500 + salary


def test_advance_card_onto_an_unowned_deed_offers_it() -> None:
    """OT-CARD-1, OT-BUY-1: the card's space is then dealt with: the Imperial Palace is offered at 400."""
    game = new_game()
    draw(game, "imperial", "advance-to-imperial-palace")
    play(game, "buy luke")
    assert game.state.owner("coruscant-imperial-palace") == "luke"
    assert game.state.cash("luke") == 1500 - 400


def test_back_three_onto_docking_tax() -> None:
    """OT-CARD-1: from 7, back 3 spaces is the Docking Tax (4): no GO salary, and the tax must be chosen."""
    game = new_game()
    events = draw(game, "imperial", "back-3")
    assert TokenMoved("luke", 4, "back") in events
    assert game.state.cash("luke") == 1500
    assert [d.kind for d in game.state.decisions] == ["tax"]
    play(game, "tax luke flat")
    assert game.state.cash("luke") == 1300


def test_back_three_onto_a_rebel_space_draws_again() -> None:
    """OT-CARD-1: from the Imperial space at 36, back 3 is the Rebel space at 33: a Rebel card follows."""
    game = new_game()
    play(game, "roll luke 3 4", "card luke advance-to-cloud-city-3", "decline luke", "close", "end luke")
    roll_and_end(game, "vader", "4 6")
    play(game, "roll luke 6 6", "card luke back-3")  # 24 + 12 = 36 -> 33
    assert game.state.player("luke").position == 33
    assert [(d.kind, d.data["deck"]) for d in game.state.decisions] == [("card", "rebel")]
    play(game, "card luke tax-refund")
    assert game.state.cash("luke") == 1500 + 20


@pytest.mark.parametrize("deck", ["imperial", "rebel"])
def test_go_to_jail_cards(deck: str) -> None:
    """OT-CARD-1, OT-JAIL-1, OT-JAIL-3: "shuttle straight to Jail": into Jail, no salary, turn over (even
    after the doubles that reached the Rebel space)."""
    game = new_game()
    draw(game, deck, "go-to-jail")
    luke = game.state.player("luke")
    assert (luke.position, luke.in_jail) == (10, True)
    assert game.state.cash("luke") == 1500
    assert rejected(game, "roll luke 1 2") == ["turn/already-rolled"]
    play(game, "end luke")


# ---------------------------------------------------------------- Get Out of Jail Free


@pytest.mark.parametrize("deck", ["imperial", "rebel"])
def test_jail_free_card_is_kept(deck: str) -> None:
    """OT-CARD-3: the Get Out of Jail Free card stays with the player who drew it."""
    game = new_game()
    draw(game, deck, "jail-free")
    assert game.state.player("luke").jail_cards == [deck]
    assert game.state.cash("luke") == 1500


def test_jail_free_card_kept_then_used_then_back_in_the_deck() -> None:
    """OT-CARD-3, OT-JAIL-7: while luke holds the Imperial card nobody can draw it (the Rebel one still can
    be drawn); once luke plays it to leave Jail it can be drawn again."""
    game = new_game()
    play(game, "roll luke 3 4", "card luke jail-free", "end luke")
    play(game, "roll vader 3 4")
    assert rejected(game, "card vader jail-free") == ["card/held"]
    play(game, "card vader dividend", "end vader")
    play(game, "roll luke 5 5", "card luke go-to-jail", "end luke")  # 17: Rebel -> Jail
    assert game.state.player("luke").in_jail
    play(game, "roll vader 5 5", "card vader jail-free")  # 17: Rebel; the Rebel card was free to draw
    assert game.state.player("vader").jail_cards == ["rebel"]
    play(game, "roll vader 1 4")  # 22: Imperial
    assert rejected(game, "card vader jail-free") == ["card/held"]
    play(game, "card vader dividend", "end vader")
    play(game, "jail-card luke")
    assert not game.state.player("luke").in_jail
    assert game.state.player("luke").jail_cards == []
    play(game, "roll luke 6 6", "card luke jail-free")  # 10 + 12 = 22: Imperial, the card is back
    assert game.state.player("luke").jail_cards == ["imperial"]


def test_jail_free_card_can_be_sold_to_another_player() -> None:
    """OT-CARD-4: luke sells his card to vader for 30, an amount they both accept."""
    game = new_game()
    play(game, "roll luke 3 4", "card luke jail-free")
    play(game, "propose luke vader give=card:imperial get=cash:30", "accept vader")
    assert game.state.player("luke").jail_cards == []
    assert game.state.player("vader").jail_cards == ["imperial"]
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1530, 1470)
    play(game, "end luke", "roll vader 3 4")
    assert rejected(game, "card vader jail-free") == ["card/held"]  # vader holds it now


def test_cannot_sell_a_card_you_do_not_hold() -> None:
    """OT-CARD-4: only a card actually held can be sold; the refusal names the deck as the board does."""
    game = new_game()
    assert "trade/no-card" in rejected(game, "propose luke vader give=card:imperial get=cash:30")
    assert refusal(game, "propose luke vader give=card:imperial get=cash:30").violations[0].message == (
        "Luke holds no Imperial Get Out of Jail Free card.")
    assert refusal(game, "propose luke vader give=card:jail-free get=cash:30").violations[0].message == (
        "'jail-free' is not a deck of this game; a card is named by its deck: imperial, rebel.")
