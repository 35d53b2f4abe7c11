"""Table corrections the touchscreen app needs: ``correct`` (the token really stands elsewhere) and ``transfer``
(a payment the app does not work out itself). These are app features, not rules of the book.

Figures from board.toml: Yoda's Hut (space 1) and the Swamp (3) cost 60 and rent for 2 and 4; Hoth: Frozen
Plains (6) rents for 6 alone; Tatooine: Mos Eisley (11) rents for 10 alone; Go to Jail is space 30, the Jail
corner 10; the Imperial card spaces are 7 and 36. Everybody starts with 1500 credits.
"""

from __future__ import annotations

import pytest

from companion.engine.commands import Command, parse_command
from companion.engine.errors import CommandSyntaxError
from companion.engine.events import DecisionClosed, Noted, Posted, RentClosed, RentDue, TokenMoved
from companion.engine.ledger import BANK, CREDITS

from .builders_assets import set_cash
from .helpers import codes, give_deeds, new_game, play, rejected, roll_and_end

# ---------------------------------------------------------------- correct


def test_correction_onto_an_unowned_deed_offers_that_deed_instead() -> None:
    """The app moved Luke to the Swamp; his token is really on Yoda's Hut. The Swamp offer is withdrawn, Yoda's
    Hut is offered, and buying it costs its own price, 60."""
    game = new_game()
    play(game, "roll luke 1 2")
    swamp_offer = game.state.decisions[0]
    assert (swamp_offer.kind, swamp_offer.data) == ("offer", {"space": "dagobah-swamp"})
    events = play(game, "correct luke dagobah-yodas-hut")
    assert DecisionClosed(swamp_offer.id) in events
    assert Noted("Luke's token is really on Dagobah: Yoda's Hut (correction)") in events
    assert TokenMoved("luke", 1, "correction") in events
    assert [(d.kind, d.player, d.data) for d in game.state.decisions] == [
        ("offer", "luke", {"space": "dagobah-yodas-hut"})]
    play(game, "buy luke")
    s = game.state
    assert (s.owner("dagobah-yodas-hut"), s.owner("dagobah-swamp")) == ("luke", BANK)
    assert s.cash("luke") == 1500 - 60
    play(game, "end luke")


def test_correction_withdraws_this_turns_rent_claim_and_raises_the_real_rent() -> None:
    """Luke's roll was entered as Frozen Plains (Vader's, rent 6) but he stands on Mos Eisley (Vader's, rent
    10): the 6 is withdrawn and 10 is due instead. Vader's own unclaimed rent to Luke from the turn before
    (the Swamp, 4) is untouched."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-swamp")  # TEST-ONLY gifts
    give_deeds(game, "vader", "hoth-frozen-plains", "tatooine-mos-eisley")
    play(game, "roll luke 1 2", "end luke")  # his own Swamp: nothing
    play(game, "roll vader 1 2", "end vader")  # Luke's Swamp: 4, not claimed yet
    events = play(game, "roll luke 1 2")  # 3 -> 6, Frozen Plains
    wrong = next(c for c in game.state.rent_claims if c.payer == "luke")
    assert (wrong.space, wrong.amount) == ("hoth-frozen-plains", 6)
    events = play(game, "correct luke tatooine-mos-eisley")
    assert RentClosed(wrong.id, "corrected") in events
    assert RentDue("vader", "luke", "tatooine-mos-eisley", 10) in events
    assert sorted((c.owner, c.payer, c.space, c.amount) for c in game.state.rent_claims) == [
        ("luke", "vader", "dagobah-swamp", 4), ("vader", "luke", "tatooine-mos-eisley", 10)]
    play(game, "claim vader luke", "claim luke vader")
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1500 - 10 + 4, 1500 + 10 - 4)
    assert game.state.rent_claims == []


def test_correction_onto_go_to_jail_sends_the_token_to_jail() -> None:
    """Luke rolled doubles onto Frozen Plains as entered, but his token is really on Go to Jail: the offer is
    withdrawn, he goes to jail without rolling again, and his turn can end."""
    game = new_game()
    play(game, "roll luke 3 3")
    events = play(game, "correct luke go-to-jail")
    assert [e for e in events if isinstance(e, TokenMoved)] == [
        TokenMoved("luke", 30, "correction"), TokenMoved("luke", 10, "jail")]
    luke = game.state.player("luke")
    assert (luke.position, luke.in_jail) == (10, True)
    assert game.state.decisions == [] and not game.state.turn.roll_again
    assert game.state.cash("luke") == 1500
    play(game, "end luke")


def test_correction_past_go_pays_no_salary_and_transfer_settles_it() -> None:
    """Luke's token went round past GO to Yoda's Hut, the app had him on the Imperial space (36). The
    correction pays no GO salary and withdraws the card draw; the table then pays the 200 with transfer."""
    game = new_game()
    roll_and_end(game, "luke", "5 6")  # 11, Mos Eisley: declined, nobody bids
    roll_and_end(game, "vader", "4 6")
    roll_and_end(game, "luke", "4 5")  # 20, Free Parking
    roll_and_end(game, "vader", "4 5")
    roll_and_end(game, "luke", "4 5")  # 29, Landing Bay: declined
    roll_and_end(game, "vader", "4 5")
    play(game, "roll luke 3 4")  # 36, the app asks for an Imperial card
    assert [d.kind for d in game.state.decisions] == ["card"]
    events = play(game, "correct luke dagobah-yodas-hut")
    assert not any(isinstance(e, Posted) for e in events)
    assert game.state.cash("luke") == 1500
    assert [(d.kind, d.data) for d in game.state.decisions] == [("offer", {"space": "dagobah-yodas-hut"})]
    play(game, "transfer bank luke 200 GO salary the table forgot")
    assert game.state.cash("luke") == 1700


def test_correction_refused_before_rolling_with_every_reason() -> None:
    """Before Luke rolls, his token has not moved: a correction to a made-up space names both problems."""
    game = new_game()
    assert rejected(game, "correct luke nowhere") == ["turn/not-rolled", "space/unknown"]
    assert [v.message for v in game.validate(parse_command("correct luke nowhere"))][1].startswith(
        "'nowhere' is not a space on this board. Its 40 spaces, from GO: go, dagobah-yodas-hut, rebel-1, ")


def test_correction_refused_for_another_player() -> None:
    """Only the player whose turn it is corrects their token; Vader's own token is on GO already."""
    game = new_game()
    play(game, "roll luke 1 2")
    assert rejected(game, "correct vader go") == ["turn/not-your-turn", "correct/same-space"]
    assert rejected(game, "correct vader dagobah-yodas-hut") == ["turn/not-your-turn"]


def test_correction_refused_onto_the_same_or_an_unknown_space() -> None:
    """The token already on the Swamp cannot be corrected to the Swamp, nor to a space the board lacks."""
    game = new_game()
    play(game, "roll luke 1 2")
    assert rejected(game, "correct luke dagobah-swamp") == ["correct/same-space"]
    assert rejected(game, "correct luke hoth") == ["space/unknown"]
    assert [v.message for v in game.validate(parse_command("correct luke hoth"))] == [
        "'hoth' names the group Hoth, not a space: name one of its spaces, hoth-frozen-plains, hoth-echo-base, "
        "hoth-north-ridge."]


def test_correction_refused_while_an_auction_is_open() -> None:
    """Luke declined the Swamp: while its auction is open nobody corrects (every reason is named at once)."""
    game = new_game()
    play(game, "roll luke 1 2", "decline luke")
    assert rejected(game, "correct luke dagobah-yodas-hut") == ["turn/auction-open"]
    assert rejected(game, "correct vader nowhere") == ["turn/not-your-turn", "space/unknown", "turn/auction-open"]


def test_correction_refused_in_jail() -> None:
    """A prisoner leaves jail by fine, card or roll, not by correcting the token."""
    game = new_game()
    play(game, "roll luke 3 3", "correct luke go-to-jail", "end luke")
    roll_and_end(game, "vader", "4 6")
    assert rejected(game, "correct luke go") == ["turn/not-rolled", "correct/in-jail"]
    play(game, "roll luke 1 2")  # no doubles: still in jail
    assert rejected(game, "correct luke jail") == ["correct/same-space", "correct/in-jail"]
    assert rejected(game, "correct luke free-parking") == ["correct/in-jail"]


# ---------------------------------------------------------------- transfer


def test_transfer_player_to_bank() -> None:
    """One posting: Luke pays the bank 50; the bank's balance rises by as much."""
    game = new_game()
    bank = game.state.ledger.balance(BANK, CREDITS)
    events = play(game, "transfer luke bank 50 'fine the table agreed'")
    assert len(events) == 1 and isinstance(events[0], Posted)
    assert events[0].txn.reason == "fine the table agreed"
    assert game.state.cash("luke") == 1450
    assert game.state.ledger.balance(BANK, CREDITS) == bank + 50


def test_transfer_bank_to_player() -> None:
    """The bank pays Vader 200 for a GO salary the table forgot; the reason is the rest of the line."""
    game = new_game()
    events = play(game, "transfer bank vader 200 GO salary the table forgot")
    assert isinstance(events[0], Posted) and events[0].txn.reason == "GO salary the table forgot"
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1500, 1700)


def test_transfer_player_to_player_at_any_time() -> None:
    """Vader pays Luke 30 though it is Luke's turn and an offer is open."""
    game = new_game()
    play(game, "roll luke 1 2", "transfer vader luke 30 'agreed at the table'")
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1530, 1470)


def test_transfer_refused_with_every_reason() -> None:
    """Unknown parties, the same party twice, an amount that is not positive, more than the payer holds and a
    missing reason are each named, all at once."""
    game = new_game()
    assert rejected(game, "transfer han bank 0") == ["player/unknown", "transfer/amount", "transfer/no-reason"]
    assert rejected(game, "transfer stranger stranger 5 oops") == ["player/unknown", "transfer/same-party"]
    assert rejected(game, "transfer luke luke -5 ' '") == ["transfer/same-party", "transfer/amount",
                                                             "transfer/no-reason"]
    assert rejected(game, "transfer bank bank 10 why") == ["transfer/same-party"]
    assert rejected(game, "transfer bank han 10 why") == ["player/unknown"]
    assert rejected(game, "transfer luke vader 1501 too much") == ["money/too-few-credits"]
    assert codes(game, "transfer luke vader 1500 everything") == []


def test_transfer_refused_for_a_retired_player() -> None:
    """A bankrupt player has left the game: nothing more is paid to or by them."""
    game = new_game(players=3)
    give_deeds(game, "vader", "hoth-echo-base")  # TEST-ONLY gift
    set_cash(game, "luke", 0)
    play(game, "roll luke 2 6", "claim vader luke", "bankrupt luke")
    assert rejected(game, "transfer bank luke 200 'GO salary'") == ["player/retired"]


def test_transfer_reason_is_the_rest_of_the_line_and_round_trips() -> None:
    """The journal stores the reason whole; a line without an amount does not fit the verb."""
    cmd = parse_command("transfer bank luke 200 GO salary # forgotten")
    assert cmd == Command("transfer", ("bank", "luke", "200", "GO salary"))
    assert cmd.player is None
    assert parse_command(cmd.to_text()) == cmd
    assert parse_command("transfer luke bank 5") == Command("transfer", ("luke", "bank", "5", ""))
    with pytest.raises(CommandSyntaxError):
        parse_command("transfer luke bank")
    with pytest.raises(CommandSyntaxError):
        parse_command("transfer luke bank five for lunch")
