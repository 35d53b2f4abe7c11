"""Bad input at the table: every refusal names the rule it breaks, lists every reason at once and leaves the
game exactly as it was (the state snapshot and the journal are unchanged).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.engine.commands import Command, parse_command
from companion.engine.errors import CommandRejected, CommandSyntaxError
from companion.engine.game import Game

from .builders_assets import DAGOBAH, HOTH, set_cash
from .helpers import give_deeds, new_game, play


def _refusal(game: Game, cmd: Command) -> CommandRejected:
    """Apply ``cmd``, expect a refusal, and check that neither the state nor the journal moved."""
    before = game.state.snapshot()
    entries = len(game.entries)
    with pytest.raises(CommandRejected) as info:
        game.apply(cmd)
    assert game.state.snapshot() == before
    assert len(game.entries) == entries
    return info.value


def _fresh() -> Game:
    """A new two-player game: Luke has the dice."""
    return new_game()


def _luke_short_of_credits() -> Game:
    """Luke has 50 credits and stands on Dagobah: Swamp (price 60), unsold."""
    game = new_game()
    set_cash(game, "luke", 50)
    play(game, "roll luke 1 2")  # GO + 3 = Dagobah: Swamp
    return game


def _vader_one_fighter_on_hoth() -> Game:
    """Vader holds Hoth with one fighter on Echo Base."""
    game = new_game()
    give_deeds(game, "vader", *HOTH)
    play(game, "build vader hoth-echo-base")
    return game


def _vader_dagobah_one_mortgaged() -> Game:
    """Vader holds Dagobah with Yoda's Hut mortgaged."""
    game = new_game()
    give_deeds(game, "vader", *DAGOBAH)
    play(game, "mortgage vader dagobah-yodas-hut")
    return game


# Each case: the position, the command line, the violation codes (in order), words each message must use.
CASES: dict[str, tuple[Callable[[], Game], str, list[str], list[str]]] = {
    # OT-TURN-3: the player named must sit at the table.
    "wrong player": (_fresh, "roll yoda 3 4", ["player/unknown"], ["yoda"]),
    "rent asked of someone not at the table": (_fresh, "claim luke han", ["player/unknown"], ["han"]),
    # OT-TURN-4: only the player whose turn it is rolls or ends the turn.
    "out of turn roll": (_fresh, "roll vader 3 4", ["turn/not-your-turn"], ["Luke's turn"]),
    "out of turn end": (_fresh, "end vader", ["turn/not-your-turn"], ["Luke's turn"]),
    # OT-BUY-1: the printed price must be paid in full.
    "too few credits": (_luke_short_of_credits, "buy luke", ["money/too-few-credits"], ["60", "50"]),
    # OT-FIGHTER-6: build evenly.
    "uneven build": (_vader_one_fighter_on_hoth, "build vader hoth-echo-base", ["build/uneven"], ["evenly"]),
    # OT-FIGHTER-1, OT-MORT-5: nothing is built while a deed of the group is mortgaged.
    "mortgaged group": (_vader_dagobah_one_mortgaged, "build vader dagobah-swamp", ["build/group-mortgaged"],
                        ["mortgaged"]),
    # OT-SELL-2: no deed of a group with starships goes to another player.
    "trade with starships": (_vader_one_fighter_on_hoth,
                             "propose vader luke give=deed:hoth-north-ridge get=cash:1",
                             ["trade/buildings"], ["starships", "sell them to the Bank"]),
    # OT-TRADE-1: credits in an offer are written in plain digits; a superscript or an Arabic-Indic digit is
    # named back with the notation, not read as a number nor answered with Python's own words.
    "superscript credits": (_fresh, "propose luke vader give=cash:\u00b2 get=", ["trade/syntax"],
                            ["cash:\u00b2", "cash:<credits>"]),
    "arabic-indic credits": (_fresh, "propose luke vader give=cash:\u0663 get=", ["trade/syntax"],
                             ["cash:\u0663", "cash:<credits>"]),
    # OT-TURN-3: undo takes back one action or more; 0 is not a count of actions.
    "undo nothing": (_fresh, "undo 0 typed by mistake", ["undo/nothing"], ["1 or more"]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_is_refused_and_changes_nothing(case: str) -> None:
    """OT-TURN-3, OT-TURN-4, OT-BUY-1, OT-FIGHTER-6, OT-FIGHTER-1, OT-MORT-5, OT-SELL-2, OT-TRADE-1: each bad
    command is refused with the rule in plain words, and the game is left exactly as it was."""
    make, line, expected, words = CASES[case]
    game = make()
    error = _refusal(game, parse_command(line))
    assert [v.code for v in error.violations] == expected
    message = " ".join(v.message for v in error.violations)
    for word in words:
        assert word in message


@pytest.mark.parametrize("line", ["lend luke vader 100", "embezzle vader 500", "hyperspace luke"])
def test_unknown_command_is_not_read(line: str) -> None:
    """OT-LOAN-2: a command the game does not know (a loan, say) is refused at reading, with the list of
    known commands."""
    with pytest.raises(CommandSyntaxError) as info:
        parse_command(line)
    assert "unknown command" in str(info.value)
    assert "build" in str(info.value) and "propose" in str(info.value)


def test_unknown_command_built_in_code_is_refused() -> None:
    """OT-LOAN-2: even a command object made past the parser is refused without touching the game."""
    game = new_game()
    error = _refusal(game, Command("lend", ("luke", "vader", "100")))
    assert [v.code for v in error.violations] == ["command/unknown"]


def test_an_undo_of_more_than_was_played_says_how_many_can_be_taken_back() -> None:
    """Table tool (no rule): the start of the game is never taken back, so a new game has nothing to take back;
    after Luke's roll there is one action (said in the singular), after his purchase two."""
    game = new_game()
    messages = [v.message for v in _refusal(game, parse_command("undo 1 'a slip'")).violations]
    assert messages == ["There is nothing to take back."]
    play(game, "roll luke 1 2")
    messages = [v.message for v in _refusal(game, parse_command("undo 2 'a slip'")).violations]
    assert messages == ["There is only 1 action that can be taken back."]
    play(game, "buy luke")
    messages = [v.message for v in _refusal(game, parse_command("undo 3 'a slip'")).violations]
    assert messages == ["There are only 2 actions that can be taken back."]


def test_every_reason_for_a_bad_roll() -> None:
    """OT-TURN-3, OT-TURN-4, OT-TURN-7: a roll of impossible dice, out of turn, while a choice is open, is
    refused once with every reason: each impossible die, the turn, the open choice."""
    game = new_game()
    play(game, "roll luke 1 2")  # Luke must still buy or decline the Swamp
    error = _refusal(game, parse_command("roll vader 7 0"))
    assert [v.code for v in error.violations] == [
        "dice/invalid", "dice/invalid", "turn/not-your-turn", "turn/decision-open"]
    assert [v.message for v in error.violations[:2]] == [
        "The first die shows 1 to 6, not 7.", "The second die shows 1 to 6, not 0."]


def test_a_roll_of_three_dice_is_refused_with_the_dice_the_edition_uses() -> None:
    """OT-TURN-3: the edition moves with two dice; three values are refused, saying so."""
    error = _refusal(new_game(), parse_command("roll luke 1 2 3"))
    assert [v.message for v in error.violations] == ["The roll is 2 dice, each 1 to 6: 2 values, not 3."]


def test_every_reason_for_a_bad_build() -> None:
    """OT-FIGHTER-6, OT-FIGHTER-3: an uneven fighter the owner cannot pay for gets both reasons."""
    game = _vader_one_fighter_on_hoth()
    set_cash(game, "vader", 10)
    error = _refusal(game, parse_command("build vader hoth-echo-base"))
    assert [v.code for v in error.violations] == ["build/uneven", "money/too-few-credits"]


def test_every_reason_for_building_on_a_split_mortgaged_group() -> None:
    """OT-FIGHTER-1: half a group, and that half mortgaged: both reasons are given."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-yodas-hut")
    play(game, "mortgage luke dagobah-yodas-hut")
    error = _refusal(game, parse_command("build luke dagobah-yodas-hut"))
    assert [v.code for v in error.violations] == ["build/group-incomplete", "build/group-mortgaged"]


def test_every_reason_for_a_bad_bid() -> None:
    """OT-BUY-6: a bid that does not beat the last one and exceeds the bidder's cash gets both reasons."""
    game = _luke_short_of_credits()
    play(game, "decline luke", "bid vader 100")
    error = _refusal(game, parse_command("bid luke 100"))
    assert [v.code for v in error.violations] == ["auction/too-low", "auction/over-cash"]


def test_every_reason_for_a_bad_trade() -> None:
    """OT-SELL-2, OT-TRADE-1, OT-CARD-4: a deed of a built group, more credits than held and a card nobody
    holds, all in one offer: every reason is listed."""
    game = _vader_one_fighter_on_hoth()
    error = _refusal(game, parse_command(
        "propose vader luke give=deed:hoth-north-ridge,cash:5000,card:rebel get=deed:endor-forest"))
    assert sorted(v.code for v in error.violations) == [
        "deed/not-owner", "money/too-few-credits", "trade/buildings", "trade/no-card"]
