"""Corrections: the table puts right what the app cannot see: a token that really stands elsewhere, or a payment
the rules allow that the app does not work out itself."""

from __future__ import annotations

import difflib
import re
from typing import ClassVar

from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import DecisionClosed, Noted, Posted, RentClosed, TokenMoved
from companion.engine.ledger import BANK, CREDITS, Transaction
from companion.engine.state import GameState
from companion.rules.core import Emitter, Grammar, Rules, no_such_player

V = Violation


class Corrections(Rules):
    """Moving a token to where it really stands, and a payment the table agrees on."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "correct": (("player", "word"), "my token is really on this space (the table agrees it stays there)"),
        "transfer": (("word", "word", "int", "rest"), "pay or collect for anything the rules allow that the app "
                                                       "does not work out itself (payer, payee, amount, reason)"),
    }

    def check_correct(self, s: GameState, cmd: Command) -> list[Violation]:
        """The token really stands on another space than the app worked out, and the table agrees it stays
        there: only the player whose turn it is, after rolling this turn, onto a space of this board other
        than the one the app has, with no auction open and not while in jail (a prisoner leaves by fine,
        jail card or roll). It never pays or takes back the GO salary: the table settles that with
        ``transfer``."""
        player, space_id = cmd.args
        problems = self.turn_guard(s, player)
        if not problems and not s.turn.rolled:
            problems.append(V("turn/not-rolled", f"{self.name_of(s, player)} has not rolled yet, so the token "
                                                 "has not moved this turn."))
        if not self.edition.has_space(space_id):
            problems.append(V("space/unknown", self.not_a_space(space_id)))
        elif self.edition.space(space_id).position == s.player(player).position:
            problems.append(V("correct/same-space", f"{self.name_of(s, player)}'s token already stands on "
                                                    f"{self.edition.space(space_id).name}."))
        problems += self.auction_open(s)
        if s.player(player).in_jail:
            problems.append(V("correct/in-jail", f"{self.name_of(s, player)} is in {self.term('jail')}: leave "
                                                 "with fine, jail-card or a roll (undo takes back a wrong move "
                                                 "there)."))
        return problems

    def not_a_space(self, word: str) -> str:
        """Why ``word`` names no space of this board, and which words do: a space's number (``space-24``, ``24``)
        is told that space's id, a group's id its spaces, a near miss the ids it is close to, any other word every id
        in board order (a run of unnamed ``space-N`` shortened)."""
        number = re.fullmatch(r"(?:space-?)?([0-9]+)", word)
        if number and int(number.group(1)) < self.board_size:
            space = self.space_at(int(number.group(1)))
            return f"'{word}' is not a space id on this board: space {number.group(1)} is '{space.id}' ({space.name})."
        group = self.edition.groups.get(word)
        if group is not None and group.members:
            members = ", ".join(group.members)
            return f"'{word}' names the group {group.name}, not a space: name one of its spaces, {members}."
        ids = [s.id for s in self.edition.spaces]
        close = difflib.get_close_matches(word, ids, n=3)
        if close:
            return f"'{word}' is not a space on this board. Did you mean {' or '.join(close)}?"
        words: list[str] = []
        for i, space_id in enumerate(ids):
            unnamed = space_id == f"space-{i}"
            if unnamed and 0 < i < len(ids) - 1 and ids[i - 1] == f"space-{i - 1}" and ids[i + 1] == f"space-{i + 1}":
                if words[-1] != "...":
                    words.append("...")
                continue
            words.append(space_id)
        return (f"'{word}' is not a space on this board. Its {len(ids)} spaces, from GO: "
                f"{', '.join(words).replace(', ...,', ' ...')}.")

    def do_correct(self, emit: Emitter, cmd: Command) -> None:
        """Withdraw what the wrong landing opened and is still unsettled (the player's decisions a landing opens
        and the rent claims on them raised this turn), move the token without the GO salary, meet what waits on
        the space it really stands on, resolve that space and what happens on arriving there."""
        s, (player, space_id) = emit.state, cmd.args
        space = self.edition.space(space_id)
        for decision in [d for d in s.decisions_for(player) if d.kind in self.landing_decision_kinds]:
            emit.add(DecisionClosed(decision.id))
        for claim in [c for c in s.rent_claims if c.payer == player and c.turn == s.turn.number]:
            emit.add(RentClosed(claim.id, "corrected"))
        emit.add(Noted(f"{self.name_of(s, player)}'s token is really on {space.name} (correction)"))
        emit.add(TokenMoved(player, space.position, "correction"))
        self.put_there(emit, player)
        self.land(emit, player)
        self.arrived(emit, player)

    def check_transfer(self, s: GameState, cmd: Command) -> list[Violation]:
        """A payment the rules allow that the app does not work out itself (say a GO salary the table forgot):
        between two different parties, each a player still in the game or the bank, a positive whole number of
        credits that a paying player holds, and a reason for the log."""
        payer, payee, amount_text, reason = cmd.args
        problems: list[Violation] = []
        for party in dict.fromkeys((payer, payee)):
            if party == BANK:
                continue
            if not s.has_player(party):
                problems.append(no_such_player(party))
            elif s.player(party).retired:
                problems.append(V("player/retired", f"{self.name_of(s, party)} has left the game."))
        if payer == payee:
            problems.append(V("transfer/same-party", "The payer and the payee must be different."))
        amount = int(amount_text)
        if amount <= 0:
            problems.append(V("transfer/amount", f"The amount must be a positive whole number of "
                                                 f"{self.term('currency')}, not {amount}."))
        elif payer != BANK and s.has_player(payer):
            problems += self.afford(s, payer, amount, "This transfer")
        if not reason.strip():
            problems.append(V("transfer/no-reason", "Give a reason for the log, e.g. 'GO salary the table "
                                                    "forgot'."))
        return problems

    def do_transfer(self, emit: Emitter, cmd: Command) -> None:
        payer, payee, amount, reason = cmd.args
        emit.add(Posted(Transaction.transfer(reason, payer, payee, CREDITS, int(amount))))
