"""Trades between players: deeds, credits and the cards a deck lets players keep, offered by one and accepted by
the other, checked again as one transaction when accepted."""

from __future__ import annotations

from typing import ClassVar

from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import Posted, TradeClosed, TradeProposed
from companion.engine.ledger import Transaction
from companion.engine.state import GameState
from companion.rules.assets import Assets, parse_assets
from companion.rules.core import Emitter, Grammar, Rules

V = Violation


class Trades(Rules):
    """Offering, accepting and turning down a trade."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "propose": (("player", "player", "word", "word"), "offer a trade: give=... get=..."),
        "accept": (("player",), "accept the trade offered to you"),
        "reject": (("player",), "turn down (or withdraw) the open trade offer"),
    }

    def check_propose(self, s: GameState, cmd: Command) -> list[Violation]:
        """Trades between players: deeds (as each deed's mechanics allow), credits and kept cards."""
        proposer, partner, give, get = cmd.args
        problems: list[Violation] = []
        if s.trade:
            problems.append(V("trade/open", "Another trade offer is waiting for an answer."))
        if proposer == partner:
            problems.append(V("trade/self", "A player cannot trade with themselves."))
        elif not s.has_player(partner) or s.player(partner).retired:
            problems.append(V("player/unknown", f"'{partner}' is not a player in the game."))
            return problems
        try:
            mine, theirs = parse_assets(give, "give", self.traded_card), parse_assets(get, "get", self.traded_card)
        except ValueError as exc:
            return [*problems, V("trade/syntax", str(exc))]
        if not (mine.deeds or mine.cash or mine.cards or theirs.deeds or theirs.cash or theirs.cards):
            problems.append(V("trade/empty", "The offer hands nothing over: choose what each side gives."))
        return problems + self.trade_problems(s, proposer, mine) + self.trade_problems(s, partner, theirs)

    def trade_problems(self, s: GameState, player: str, assets: Assets) -> list[Violation]:
        """Each side hands over only deeds it owns (and may trade now), credits it holds and cards it keeps."""
        problems: list[Violation] = []
        for space_id in assets.deeds:
            deed, own = self.own_deed(s, player, space_id)
            problems += own
            if deed and not own:
                problems += self.deed_trade_problems(s, player, deed)
        if assets.cash > s.cash(player):
            problems.append(V("money/too-few-credits", f"{self.name_of(s, player)} has only "
                                                       f"{self.money(s.cash(player))}."))
        return problems + self.card_trade_problems(s, player, tuple(assets.cards))

    def do_propose(self, emit: Emitter, cmd: Command) -> None:
        proposer, partner, give, get = cmd.args
        emit.add(TradeProposed(proposer, partner, parse_assets(give, "give", self.traded_card).to_json(),
                               parse_assets(get, "get", self.traded_card).to_json()))

    def check_accept(self, s: GameState, cmd: Command) -> list[Violation]:
        """Both sides confirm; the trade is checked again as one transaction when accepted."""
        player = cmd.args[0]
        t = s.trade
        if t is None or t.partner != player:
            return [V("trade/none", f"No trade offer is waiting for {self.name_of(s, player)}.")]
        return (self.trade_problems(s, t.proposer, Assets.from_json(t.give))
                + self.trade_problems(s, t.partner, Assets.from_json(t.get)))

    def do_accept(self, emit: Emitter, cmd: Command) -> None:
        s = emit.state
        t = s.trade
        assert t is not None
        give, get = Assets.from_json(t.give), Assets.from_json(t.get)
        reason = f"trade between {self.name_of(s, t.proposer)} and {self.name_of(s, t.partner)}"
        emit.add(TradeClosed("accepted"))
        emit.add(Posted(Transaction.combine(reason, [*give.transfers(reason, t.proposer, t.partner),
                                                     *get.transfers(reason, t.partner, t.proposer)])))
        for card in give.cards:
            self.card_changes_hands(emit, card, t.proposer, t.partner)
        for card in get.cards:
            self.card_changes_hands(emit, card, t.partner, t.proposer)
        self.received(emit, t.partner, give.deeds)
        self.received(emit, t.proposer, get.deeds)

    def check_reject(self, s: GameState, cmd: Command) -> list[Violation]:
        """Either side may call off an open offer."""
        t = s.trade
        if t is None or cmd.args[0] not in (t.proposer, t.partner):
            return [V("trade/none", f"No trade offer involves {self.name_of(s, cmd.args[0])}.")]
        return []

    def do_reject(self, emit: Emitter, cmd: Command) -> None:
        emit.add(TradeClosed("rejected"))
