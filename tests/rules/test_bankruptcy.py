"""Bankruptcy: section 16 of the rule catalogue.

Figures from board.toml: Hoth fighters cost 50 and Hoth: Echo Base with a Star Destroyer rents for 550;
Tatooine fighters cost 100 and the Tatooine mortgages are 70 / 70 / 80; Yavin 4: Temple Throne Room has a
mortgage of 90; the Dagobah mortgages are 30 each; a vessel's mortgage is 100, the Reactor Core's 75.
"""

from __future__ import annotations

from companion.engine.game import Game

from .builders_assets import (
    CORUSCANT,
    DAGOBAH,
    HOTH,
    TATOOINE,
    bank_hotels,
    bank_houses,
    build_evenly,
    give_jail_card,
    set_cash,
)
from .helpers import give_deeds, new_game, play, rejected


def _vader_destroyer_on_echo_base(game: Game) -> None:
    """Vader holds Hoth: 4 fighters on each deed, then a Star Destroyer on Echo Base (650 spent: 850 left)."""
    give_deeds(game, "vader", *HOTH)
    build_evenly(game, "vader", HOTH, 4)
    play(game, "build vader hoth-echo-base")
    assert game.state.cash("vader") == 850


def _luke_owes_vader_550(game: Game) -> None:
    """Luke lands on Hoth: Echo Base (GO + 8) and Vader claims the 550 rent."""
    play(game, "roll luke 2 6", "claim vader luke")


def test_bankruptcy_refused_while_assets_could_pay() -> None:
    """OT-BANKRUPT-1: a player who can still raise the debt by selling starships and mortgaging is not
    bankrupt: they must raise it and pay."""
    game = new_game()
    _vader_destroyer_on_echo_base(game)
    give_deeds(game, "luke", *DAGOBAH, *CORUSCANT, "tie-fighter")
    build_evenly(game, "luke", DAGOBAH, 1)
    set_cash(game, "luke", 10)
    _luke_owes_vader_550(game)
    assert [(d.debtor, d.creditor, d.amount) for d in game.state.debts] == [("luke", "vader", 550)]
    # 10 cash + 50 (two fighters back at half of 50) + 30 + 30 + 175 + 200 + 100 in mortgages = 595
    assert rejected(game, "bankrupt luke") == ["bankrupt/can-pay"]
    assert "turn/debt-open" in rejected(game, "end luke")
    play(game, "sell-all luke dagobah")
    for deed in (*DAGOBAH, *CORUSCANT, "tie-fighter"):
        play(game, f"mortgage luke {deed}")
    assert game.state.cash("luke") == 595
    play(game, "pay luke", "end luke")
    assert game.state.cash("luke") == 595 - 550
    assert game.state.cash("vader") == 850 + 550
    assert game.state.debts == []


def test_bankrupt_to_a_player() -> None:
    """OT-BANKRUPT-2, OT-BANKRUPT-3, OT-BANKRUPT-4, OT-BANKRUPT-8: the creditor gets the cash, half of what
    the starships cost (they go back to the bank), every deed (mortgaged ones stay mortgaged) and the jail
    card; the bankrupt player leaves at once."""
    game = new_game(players=3)
    _vader_destroyer_on_echo_base(game)
    give_deeds(game, "luke", *TATOOINE, "yavin-4-temple-throne-room")
    build_evenly(game, "luke", TATOOINE, 1)  # 3 fighters at 100
    play(game, "mortgage luke yavin-4-temple-throne-room")
    give_jail_card(game, "luke", "imperial")
    set_cash(game, "luke", 40)
    houses_before = bank_houses(game)
    _luke_owes_vader_550(game)
    # Raisable: 40 + 150 (fighters at half) + 70 + 70 + 80 (Tatooine mortgages) = 410 < 550.
    play(game, "bankrupt luke")
    s = game.state
    assert s.player("luke").retired
    assert s.cash("luke") == 0
    assert s.cash("vader") == 850 + 40 + 150
    assert bank_houses(game) == houses_before + 3  # Luke's fighters went back to the bank
    assert all(s.owner(d) == "vader" and s.houses(d) == 0 for d in TATOOINE)
    assert s.owner("yavin-4-temple-throne-room") == "vader"
    assert "yavin-4-temple-throne-room" in s.mortgaged
    assert s.player("vader").jail_cards == ["imperial"]
    assert s.debts == []
    assert s.turn.player == "vader"  # Luke's turn ended with him
    assert not s.over  # Han is still playing
    assert rejected(game, "roll luke 3 4") == ["player/retired"]


def test_creditor_keeps_a_received_mortgage() -> None:
    """OT-BANKRUPT-4, OT-BANKRUPT-5: the creditor pays 10 % interest at once (90 -> 9) to keep the mortgage
    and another 10 % when lifting it on a later turn (90 + 9 = 99). Interpretation: 10 % of the mortgage
    value, as for a traded deed."""
    game = new_game(players=3)
    _vader_destroyer_on_echo_base(game)
    give_deeds(game, "luke", "yavin-4-temple-throne-room")
    play(game, "mortgage luke yavin-4-temple-throne-room")
    set_cash(game, "luke", 0)
    _luke_owes_vader_550(game)
    play(game, "bankrupt luke")
    assert [d.kind for d in game.state.decisions_for("vader")] == ["mortgage-transfer"]
    assert "turn/decision-open" in rejected(game, "roll vader 3 4")
    play(game, "keep vader yavin-4-temple-throne-room")
    assert game.state.cash("vader") == 850 - 9
    play(game, "roll vader 3 4", "card vader dividend", "end vader")  # a later turn; the card pays 50
    play(game, "unmortgage vader yavin-4-temple-throne-room")
    assert game.state.cash("vader") == 841 + 50 - 99


def test_creditor_lifts_a_received_mortgage_at_once() -> None:
    """OT-BANKRUPT-5: lifting at once costs the interest plus the principal: 9 + 90 = 99."""
    game = new_game(players=3)
    _vader_destroyer_on_echo_base(game)
    give_deeds(game, "luke", "yavin-4-temple-throne-room")
    play(game, "mortgage luke yavin-4-temple-throne-room")
    set_cash(game, "luke", 0)
    _luke_owes_vader_550(game)
    play(game, "bankrupt luke", "lift vader yavin-4-temple-throne-room")
    assert game.state.cash("vader") == 850 - 99
    assert "yavin-4-temple-throne-room" not in game.state.mortgaged


def test_bankrupt_to_the_bank_auctions_the_deeds() -> None:
    """OT-BANKRUPT-6, OT-BANKRUPT-7: a debt to the bank that cannot be raised hands everything to the bank;
    the deeds come back unmortgaged and go to auction one after another; starships are not auctioned."""
    game = new_game(players=3)
    give_deeds(game, "luke", *DAGOBAH, "tie-fighter", "reactor-core")
    build_evenly(game, "luke", DAGOBAH, 1)
    play(game, "mortgage luke tie-fighter")
    give_jail_card(game, "luke", "imperial")
    set_cash(game, "luke", 10)
    play(game, "roll luke 1 3", "tax luke flat")  # GO + 4 = Docking Tax: 200 owed to the bank
    assert [(d.creditor, d.amount) for d in game.state.debts] == [("bank", 200)]
    # Raisable: 10 + 50 (fighters at half) + 30 + 30 + 75 (mortgages) = 195 < 200.
    play(game, "bankrupt luke")
    s = game.state
    assert s.player("luke").retired and s.cash("luke") == 0
    assert (bank_houses(game), bank_hotels(game)) == (32, 12)  # fighters back in stock, not auctioned
    assert "tie-fighter" not in s.mortgaged
    assert s.player("luke").jail_cards == [] and all(not p.jail_cards for p in s.players)
    assert s.auction is not None and s.auction.lot == "deed:dagobah-yodas-hut"
    assert s.auction_queue == ["deed:dagobah-swamp", "deed:tie-fighter", "deed:reactor-core"]
    play(game, "bid vader 40", "pass han")  # Yoda's Hut to Vader
    play(game, "bid han 70", "pass vader")  # Swamp to Han
    play(game, "bid vader 150", "pass han")  # TIE Fighter to Vader, unmortgaged
    assert s.auction is not None and s.auction.lot == "deed:reactor-core"
    play(game, "close")  # nobody bids: the Reactor Core stays with the bank
    s = game.state
    assert s.auction is None and s.auction_queue == []
    assert (s.owner("dagobah-yodas-hut"), s.owner("dagobah-swamp")) == ("vader", "han")
    assert (s.owner("tie-fighter"), s.owner("reactor-core")) == ("vader", "bank")
    assert (s.cash("vader"), s.cash("han")) == (1500 - 40 - 150, 1500 - 70)
    assert s.turn.player == "vader"


def test_several_creditors_the_first_one_takes_all() -> None:
    """OT-BANKRUPT-2 (interpretation): owing several players, all goes to the first creditor."""
    game = new_game(players=3)
    set_cash(game, "luke", 40)
    play(game, "roll luke 3 4", "card luke pay-each-player-50")  # GO + 7 = Imperial: 50 to each player
    assert [(d.creditor, d.amount) for d in game.state.debts] == [("vader", 50), ("han", 50)]
    play(game, "bankrupt luke")
    assert (game.state.cash("vader"), game.state.cash("han")) == (1540, 1500)
    assert game.state.debts == []


def test_no_bankruptcy_without_a_debt() -> None:
    """OT-BANKRUPT-1: a player who owes nothing cannot declare bankruptcy, however poor."""
    game = new_game()
    set_cash(game, "luke", 0)
    assert rejected(game, "bankrupt luke") == ["bankrupt/no-debt"]


def test_last_player_left_wins() -> None:
    """OT-BANKRUPT-9: when only one player is left the game is over and that player has won."""
    game = new_game()
    give_deeds(game, "vader", "hoth-echo-base")
    set_cash(game, "luke", 5)
    play(game, "roll luke 2 6", "claim vader luke")  # printed rent 6, Luke has 5
    play(game, "bankrupt luke")
    s = game.state
    assert s.over
    assert s.end_reason == "last player standing"
    assert [r["player"] for r in s.ranking] == ["vader"]
    assert s.ranking[0]["worth"] == 1505 + 100  # cash 1500 + Luke's 5, plus Echo Base at 100
    assert rejected(game, "roll vader 3 4") == ["game/over"]
