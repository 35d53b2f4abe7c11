"""Star Wars 2015: the copies of a Force card the box holds, a player who chooses whom a card collects from, and
the rent paid to its owner at once while the payer may still say no until the next roll (SW-FORCE-4, SW-FORCE-6,
SW-FORCE-7, SW-FORCE-8 in docs/rules/star-wars-2015.md). The board is the made-up box of
tests/sw2015/testbox.py (TEST DATA): the Rebel cards at 3, Tatooine at 4 (price 100, rent 10). Every card half
named here is TEST DATA, entered as a family enters a card when it is drawn or played."""

from __future__ import annotations

from companion.engine.events import JailChanged
from companion.engine.game import Game
from companion.engine.ledger import BANK
from companion.rules.core import Emitter
from companion.rules.mechanics.force_cards import discard_account, held_rents
from companion.script import parse_script, run_script, state_json
from companion.table.presenters import event_line
from tests.rules.helpers import codes, play, refusal, rejected

from .test_force_cards import board_only, held, move_cards, piles
from .testbox import new_game, place_bases, space

BONUS = "box card:rebel/bonus 'title=Bonus' effect=collect amount=25 side=rebel count=1"
"""TEST DATA: a Rebel half that collects 25 from the bank, of which the box holds one copy."""


def test_a_card_the_box_holds_once_is_played_once() -> None:
    """SW-FORCE-7 (the bug of issue 21: a card entered with one copy was played twice): Luke plays the one Bonus
    (collect 25) from the cards dealt to him: 1525 credits, 2 cards left. Played again, it is refused and
    nothing changes: its one copy lies on the discard pile. He stops on the Rebel cards (3) and cannot draw it
    either; the card he draws is another one (pay 5: 1520)."""
    game = board_only("luke", "vader")
    play(game, BONUS, "play luke rebel/bonus")
    assert (game.state.cash("luke"), held(game, "luke", "rebel"), piles(game, "rebel")) == (1525, 2, (15, 1))
    assert rejected(game, "play luke rebel/bonus") == ["card/no-copy-left"]
    play(game, "roll luke 1 2")
    assert rejected(game, "card luke bonus") == ["card/no-copy-left"]
    play(game, "box card:rebel/pay-5 effect=pay amount=5 side=rebel", "card luke pay-5")
    assert (game.state.cash("luke"), piles(game, "rebel")) == (1520, (14, 2))


def test_the_table_script_refuses_the_second_play_of_a_card_held_once() -> None:
    """SW-FORCE-7: the issue's script, through the table script: the second ``play luke rebel/bonus`` is the
    first command refused, and Luke ends with 1500 + 25 = 1525."""
    script = parse_script("\n".join([
        "edition star-wars-2015", "player luke name=Luke token=luke-skywalker side=rebel",
        "player vader name=Vader token=darth-vader side=empire", "box board:layout length=24 jail=6 bases=12",
        BONUS, "play luke rebel/bonus", "play luke rebel/bonus", "play luke rebel/bonus"]))
    outcome = run_script(script)
    assert outcome.rejected is not None
    line, command, violations = outcome.rejected
    assert (line, command.to_text(), [v.code for v in violations]) == (7, "play luke rebel/bonus",
                                                                       ["card/no-copy-left"])
    assert outcome.game.state.cash("luke") == 1525


def test_a_copy_shuffled_into_a_new_deck_may_be_drawn_again() -> None:
    """SW-FORCE-5, SW-FORCE-7: after Luke played the one Bonus, the 15 cards left face down are used (TEST-ONLY:
    laid on the discard pile as if drawn earlier). Luke stops on the Rebel cards: the 16 discards, the Bonus
    among them, are shuffled into a new deck, so its copy is face down again and he may draw it: 1525 + 25 =
    1550."""
    game = board_only("luke", "vader")
    play(game, BONUS, "play luke rebel/bonus")
    move_cards(game, BANK, discard_account("rebel"), "rebel", 15)                     # TEST-ONLY
    play(game, "roll luke 1 2", "card luke bonus")
    assert (game.state.cash("luke"), piles(game, "rebel")) == (1550, (15, 1))


def test_a_kept_card_is_played_only_while_its_player_holds_it() -> None:
    """SW-FORCE-3, SW-FORCE-7: Luke's three dealt cards are gone (TEST-ONLY: back in the deck), so the only card
    he holds is the Get Out of Jail Free he draws and keeps (two copies in the box). A Bonus, though the box has
    its copy, is not his to play: the one card he holds was seen. In Jail he plays the Get Out of Jail Free
    card and is free; then he holds nothing, and a second play of it is refused."""
    game = board_only("luke", "vader")
    move_cards(game, "luke", BANK, "rebel", 3)                                        # TEST-ONLY
    play(game, BONUS, "box card:rebel/free effect=jail-free side=rebel count=2", "roll luke 1 2", "card luke free")
    assert held(game, "luke", "rebel") == 1
    assert rejected(game, "play luke rebel/bonus") == ["play/not-held"]
    play(game, "end luke", "roll vader 3 4", "decline vader", "close", "end vader")
    Emitter(game.state).add(JailChanged("luke", True, 0))                                 # TEST-ONLY: Luke is in Jail
    play(game, "play luke rebel/free")
    assert (game.state.player("luke").in_jail, held(game, "luke", "rebel")) == (False, 0)
    assert rejected(game, "play luke rebel/free") == ["play/none-held"]


def test_a_payer_who_could_hold_no_just_say_no_is_not_asked() -> None:
    """SW-FORCE-4: Vader's three dealt cards are gone (TEST-ONLY: back in the deck). Luke stops on the Rebel
    cards (3) and collects 10 (1510); Vader stops there too and keeps a Get Out of Jail Free half: the table
    knows his one card, and it is no Just say no!. Luke buys Tatooine 2 (7) for 100 (1410); Vader stops on it
    and Luke claims 10: it is paid at once (Vader 1490, Luke 1420), nothing is held and nobody is asked."""
    game = board_only("luke", "vader")
    move_cards(game, "vader", BANK, "empire", 3)                                      # TEST-ONLY
    play(game, "box card:rebel/free-empire effect=jail-free side=empire",
         "box card:rebel/collect-10-rebel 'title=Collect 10' effect=collect amount=10 side=rebel", "roll luke 1 2",
         "card luke collect-10-rebel", "end luke", "roll vader 1 2", "card vader free-empire", "end vader",
         "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "claim luke vader")
    assert (game.state.cash("vader"), game.state.cash("luke")) == (1490, 1420)
    assert game.state.decisions == [] and held_rents(game.state) == []
    assert rejected(game, "say-no vader") == ["decision/no-just-say-no"]


def lines(game: Game) -> list[str]:
    """What the log shows of the last command."""
    return [line for event in game.entries[-1].events if (line := event_line(game, event))]


def test_a_rent_claimed_reaches_its_owner_at_once_and_may_be_said_no_to_until_the_next_roll() -> None:
    """SW-FORCE-6: Luke buys Tatooine 1 (1500 - 100 = 1400); Vader stops there and Luke claims the full 10. Vader
    holds cards dealt unseen, so he could say no; he can pay, so he pays Luke at once: Vader 1490, Luke 1410,
    with no tap to let it stand, and the log says he may still say no until the next roll. Vader ends his turn;
    Luke rolls (to Tatooine 2, his own): the window closes, nothing changes hands and no line speaks of it."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "claim luke vader")
    assert game.state.decisions == [] and held_rents(game.state) == [("luke", "vader", 10)]
    assert (game.state.cash("vader"), game.state.cash("luke")) == (1490, 1410)
    assert lines(game) == ["Vader pays Luke 10 credits (rent for Tatooine 1; Vader may still say no until the next "
                           "roll): Vader −10 credits, Luke +10 credits"]
    play(game, "end vader", "roll luke 1 2")
    assert (game.state.cash("vader"), game.state.cash("luke"), held_rents(game.state)) == (1490, 1410, [])
    assert not any("rent" in line or "say no" in line for line in lines(game))
    assert codes(game, "say-no vader") == ["decision/no-just-say-no"]


def test_letting_a_paid_rent_stand_closes_the_window_and_changes_nothing() -> None:
    """SW-FORCE-6: as above, but Vader lets it stand: the rent stays Luke's (1410; Vader 1490), Vader may no
    longer say no, and the log has nothing to add."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "claim luke vader", "let-stand vader")
    assert (game.state.cash("vader"), game.state.cash("luke"), held_rents(game.state)) == (1490, 1410, [])
    assert lines(game) == []
    assert codes(game, "say-no vader") == ["decision/no-just-say-no"]


def test_the_end_of_the_game_closes_a_paid_rents_window_and_nothing_is_pending() -> None:
    """SW-FORCE-6, SW-END-1, through the table script, on a board of two planet spaces (TEST DATA): Luke buys
    Tatooine (1500 - 100 = 1400); Vader stops there and pays him the 10 at once (Luke 1410, Vader 1490), which
    ``pending.rents_held`` shows while Vader may say no. Before anyone rolls, Luke plays a Rebel card that moves
    him to Endor, the last planet space nobody holds, and buys it (1410 - 120 = 1290): the game is over, the
    window with it, so ``rents_held`` is empty, the rent stays Luke's and the bank has its marker back (credits
    -3000 + 100 + 120 = -2780); a late ``say-no vader`` is refused."""
    lines = ["edition star-wars-2015", "player luke name=Luke token=luke-skywalker side=rebel",
             "player vader name=Vader token=darth-vader side=empire",
             "box board:layout length=24 jail=6 bases=12 planets=2",
             "box space:space-4 kind=planet group=tatooine name=Tatooine price=100 rent=10",
             "box group:tatooine size=2", "box space:space-8 kind=planet group=endor name=Endor price=120 rent=12",
             "box group:endor size=1",
             "box card:rebel/endor 'title=Jump to Endor' effect=advance target=space-8 side=rebel count=1",
             "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "claim luke vader"]
    held_open = state_json(run_script(parse_script("\n".join(lines))).game)
    assert held_open["pending"]["rents_held"] == [{"owner": "luke", "payer": "vader", "amount": 10}]
    outcome = run_script(parse_script("\n".join([*lines, "play luke rebel/endor", "buy luke"])))
    state = state_json(outcome.game)
    assert outcome.rejected is None and state["over"]
    assert state["pending"]["rents_held"] == [] and state["pending"]["decisions"] == []
    assert {p["id"]: p["cash"] for p in state["players"]} == {"luke": 1290, "vader": 1490}
    assert state["bank"]["credits"] == -2780
    late = run_script(parse_script("\n".join([*lines, "play luke rebel/endor", "buy luke", "say-no vader"])))
    assert late.rejected is not None and [v.code for v in late.rejected[2]] == ["game/over"]


def test_a_just_say_no_to_a_paid_rent_makes_the_owner_pay_it_back() -> None:
    """SW-FORCE-4, SW-FORCE-6: Vader pays Luke the 10 (Vader 1490, Luke 1410), ends his turn, then says no before
    Luke rolls: Luke, who could answer, lets it stand, so the claim is cancelled and Luke pays the 10 back
    (Vader 1500, Luke 1400). Vader's Just say no! lies on the Empire discard pile (2 cards left in his hand)."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "claim luke vader", "end vader")
    play(game, "say-no vader")
    assert codes(game, "roll luke 2 3") == ["turn/decision-open"]
    play(game, "let-stand luke")
    assert (game.state.cash("vader"), game.state.cash("luke"), held_rents(game.state)) == (1500, 1400, [])
    assert (held(game, "vader", "empire"), piles(game, "empire")) == (2, (15, 1))
    assert lines(game)[1] == "The rent Vader paid, given back: Luke −10 credits, Vader +10 credits"


def test_an_owner_who_spent_a_rent_said_no_to_loses_a_base_instead() -> None:
    """SW-FORCE-6, SW-CASH-1: Vader pays Luke the 10 (Luke 1410); Luke spends all but 5 (TEST-ONLY: a transfer
    to the bank). Vader says no and Luke lets it stand: Luke owes the 10 back and cannot pay, so, as nobody goes
    bankrupt, he keeps his 5 and loses his most valuable Base, Tatooine 1, his only one: Vader's side sets an
    Empire Base there and the space is Vader's (Vader still 1490)."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "claim luke vader",
         "transfer luke bank 1405 spent (TEST-ONLY)", "end vader", "say-no vader", "let-stand luke")
    assert (game.state.cash("luke"), game.state.cash("vader"), game.state.owner(space(4))) == (5, 1490, "vader")
    assert held_rents(game.state) == [] and game.describe()["bases"] == {"rebel": {"board": 0, "bank": 12},
                                                                         "empire": {"board": 1, "bank": 11}}


def test_a_correction_keeps_a_paid_rent_paid_and_closes_its_window() -> None:
    """SW-FORCE-6, as a correction in every edition: Vader pays Luke the 10 for Tatooine 1 (Vader 1490, Luke
    1410), then the table corrects his token to Hoth 2 (nobody's: offered to him). The landing the rent was for
    did not happen, but a rent paid stays paid: Vader may no longer say no to it, and the table gives it back
    with a transfer (Vader 1500, Luke 1400)."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "claim luke vader",
         "correct vader space-2")
    assert (game.state.cash("vader"), game.state.cash("luke"), held_rents(game.state)) == (1490, 1410, [])
    assert codes(game, "say-no vader") == ["decision/no-just-say-no"]
    play(game, "transfer luke vader 10 rent for a landing that did not happen")
    assert (game.state.cash("vader"), game.state.cash("luke")) == (1500, 1400)


def test_a_just_say_no_played_before_a_correction_is_answered_to_the_end() -> None:
    """SW-FORCE-6 (third red-team pass: the correction closed the window under the answers, and the cancelled rent
    never came back): Vader pays Luke the 10 and says no to it; before Luke answers, the table corrects Vader's
    token to Hoth 2. Luke lets the Just say no! stand: the claim is cancelled and Luke pays the 10 back (Vader
    1500, Luke 1400)."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "claim luke vader", "say-no vader",
         "correct vader space-2")
    assert held_rents(game.state) == [("luke", "vader", 10)]
    play(game, "let-stand luke")
    assert (game.state.cash("vader"), game.state.cash("luke"), held_rents(game.state)) == (1500, 1400, [])


def test_a_payer_short_of_cash_answers_the_claim_first() -> None:
    """SW-FORCE-4, SW-FORCE-6: a payer who cannot pay the rent in cash would lose a Base instead, so nothing is
    held: Vader (TEST-ONLY: 5 credits left, and a Base on Endor 1) is asked first, as before any payment."""
    game = new_game("luke", "vader")
    place_bases(game, "vader", 8)                                      # TEST-ONLY
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "transfer vader bank 1495 a fine",
         "claim luke vader")
    assert held_rents(game.state) == [] and [(d.kind, d.player) for d in game.state.decisions] == [
        ("just-say-no", "vader")]


def test_a_card_collecting_from_one_player_is_aimed_by_its_player() -> None:
    """SW-FORCE-8: Luke draws a Rebel card whose Rebel half collects 30 from one player of his choice (TEST
    DATA). Nobody rolls until he has chosen; he cannot choose himself. He chooses Kylo, who could hold a Just
    say no!, so Kylo answers first; he lets it stand and pays: Luke 1530, Kylo 1470, the others 1500."""
    game = board_only("luke", "vader", "finn", "kylo")
    play(game, "box card:rebel/one effect=collect-from-a-player amount=30 side=rebel", "roll luke 1 2",
         "card luke one")
    assert [(d.kind, d.player) for d in game.state.decisions] == [("aim", "luke")]
    assert codes(game, "end luke") == ["turn/decision-open"]
    assert codes(game, "aim luke luke") == ["aim/self"]
    assert codes(game, "aim vader kylo") == ["decision/no-aim"]
    play(game, "aim luke kylo")
    assert [(d.kind, d.player) for d in game.state.decisions] == [("just-say-no", "kylo")]
    play(game, "let-stand kylo")
    assert [game.state.cash(p) for p in ("luke", "vader", "finn", "kylo")] == [1530, 1500, 1500, 1470]


def test_a_card_collecting_from_one_player_may_be_cancelled() -> None:
    """SW-FORCE-4, SW-FORCE-8: with two players the card's one choice is Luke, so nobody is asked to choose (an
    ``aim`` is refused, saying so). Vader plays a card from his hand whose Empire half collects 40 from one player
    (TEST DATA): Luke says no, Vader lets it stand: one Just say no!, so Luke pays nothing (1500 each)."""
    game = board_only("luke", "vader")
    play(game, "box card:empire/one effect=collect-from-a-player amount=40 side=empire", "play vader empire/one")
    assert [(d.kind, d.player) for d in game.state.decisions] == [("just-say-no", "luke")]
    assert "With two players" in refusal(game, "aim vader luke").violations[0].message
    play(game, "say-no luke", "let-stand vader")
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1500, 1500)
    assert (held(game, "luke", "rebel"), held(game, "vader", "empire")) == (2, 2)


def test_the_payers_button_against_a_held_rent_stays_until_the_roll() -> None:
    """SW-FORCE-6: at the table, Vader's button against the 10 he paid Luke is there once he has paid, says what
    it answers, and runs ``say-no vader``; while the answers to it are open it is gone (Luke's own buttons answer
    then); once the window closes at the next roll it is gone too."""
    from companion.table.actions import turn_actions

    def held_buttons(game: Game) -> list[tuple[str, str]]:
        return [(a.label, a.command) for a in turn_actions(game) if a.key.startswith("say-no-held:")]

    game = new_game("luke", "vader")
    play(game, "roll luke 1 3", "buy luke", "end luke", "roll vader 1 3", "claim luke vader")
    assert held_buttons(game) == [("Vader: Just say no! to Luke's rent (10 credits, paid; until the next roll)",
                                   "say-no vader")]
    play(game, "say-no vader")
    assert held_buttons(game) == [] and [a.command for a in turn_actions(game) if "luke" in a.command][:2] == [
        "say-no luke", "let-stand luke"]
    play(game, "say-no luke", "let-stand vader", "end vader", "roll luke 1 2")
    assert held_buttons(game) == [] and game.state.cash("luke") == 1410
