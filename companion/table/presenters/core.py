"""What every game shows, whatever its mechanics: money and deeds changing hands, dice, moves, turns, a debt
opened, values read off the box, the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.edition import capital
from companion.engine.events import (
    BoxRead,
    DebtClosed,
    DebtOpened,
    DecisionClosed,
    DiceRolled,
    GameEnded,
    MortgageChanged,
    Noted,
    Posted,
    TokenMoved,
    TurnPassed,
    Unpacked,
)
from companion.engine.ledger import BANK, CREDITS
from companion.table.presenter import Presenter
from companion.table.words import box_target_name, box_values_words, credits, party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def posted(game: Game, event: Posted) -> str:
    """A transaction: its reason and each player's credits in or out; a deed passed from one player to another
    (a trade) is named with who now holds it."""
    e, txn = game.edition, event.txn
    moves = [f"{party_name(game, p.account)} {'+' if p.amount > 0 else '−'}{credits(e, abs(p.amount))}"
             for p in txn.postings if p.unit == CREDITS and p.account != BANK and p.amount]
    given = {p.unit for p in txn.postings if p.unit.startswith("deed:") and p.amount < 0 and p.account != BANK}
    moves += [f"{party_name(game, p.account)} gets {e.space(p.unit.removeprefix('deed:')).name}"
              for p in txn.postings if p.unit in given and p.amount > 0 and p.account != BANK]
    return capital(txn.reason) + (f": {', '.join(moves)}" if moves else "")


def dice_rolled(game: Game, event: DiceRolled) -> str:
    """The faces rolled, doubles said, and a third doubles in a row."""
    double = " (doubles)" if len(event.dice) > 1 and len(set(event.dice)) == 1 else ""
    third = " for the third time" if event.doubles >= 3 else ""
    return f"{party_name(game, event.player)} rolls {' + '.join(map(str, event.dice))}{double}{third}"


def token_moved(game: Game, event: TokenMoved) -> str:
    """Where a token went (a move to jail is the jail's own line; a correction says where it really is)."""
    if event.how == "jail":
        return ""
    verb = "is really on" if event.how == "correction" else "moves to"
    return f"{party_name(game, event.player)} {verb} {game.edition.spaces[event.position].name}"


def box_read(game: Game, event: BoxRead) -> str:
    """The values read off the box, each by the words of its field."""
    e = game.edition
    return f"Read off the box for {box_target_name(e, event.target)}: " + box_values_words(e, event.target,
                                                                                          event.values)


def debt_opened(game: Game, event: DebtOpened) -> str:
    """Who owes whom how much, and why."""
    return (f"{party_name(game, event.debtor)} owes {party_name(game, event.creditor)} "
            f"{credits(game.edition, event.amount)} ({event.reason}) and must raise it")


def silent(game: Game, event: object) -> str:
    """Bookkeeping the table does not read: its outcome has its own line."""
    return ""


PRESENTER = Presenter(events={
    Posted: posted,
    DiceRolled: dice_rolled,
    TokenMoved: token_moved,
    TurnPassed: lambda game, ev: f"Turn {ev.number}: {party_name(game, ev.player)}",
    GameEnded: lambda game, ev: f"The game is over: {ev.reason}",
    BoxRead: box_read,
    Noted: lambda game, ev: str(ev.text),
    DebtOpened: debt_opened,
    MortgageChanged: silent,
    DecisionClosed: silent,
    DebtClosed: silent,
    Unpacked: silent,
})
