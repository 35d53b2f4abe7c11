"""The trade screen: build an offer between two players (deeds, credits, Get Out of Jail Free cards on each side)
and propose it; while an offer is open, show it with the partner's "Accept" / "Reject" and the proposer's
"Withdraw". Both players confirm: the proposer by proposing, the partner by accepting.

What each side may hand over, and why a deed cannot, comes from :func:`companion.table.actions.trade_side`; the
engine checks the whole offer again when it is proposed and when it is accepted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout

from companion.table.actions import (
    Action,
    TradeOfferView,
    TradeSide,
    asset_words,
    mortgage_choice_words,
    propose_command,
    short_deed_name,
    stepped_amount,
    trade_offer,
    trade_side,
    turn_actions,
)
from companion.table.views import NO_COLOUR, DeedView, player_views
from companion.table.words import credits
from companion.ui import theme
from companion.ui.screens.base import CompanionScreen
from companion.ui.widgets import (
    Dialog,
    EngineActionButton,
    NumberPad,
    Panel,
    TapButton,
    colour_band,
    scroll_column,
    show_reasons,
    text,
)

if TYPE_CHECKING:
    from companion.ui.shell import Shell

STEPS = (-10, 10, 50, 100)
ROLES = ("Proposer", "Partner")


@dataclass
class Picks:
    """What the table has picked for one side of the offer so far."""

    player: str = ""
    deeds: list[str] = field(default_factory=list)
    cash: int = 0
    cards: list[str] = field(default_factory=list)

    def clear(self) -> None:
        """Nothing picked."""
        self.deeds, self.cash, self.cards = [], 0, []


class DeedToggle(BoxLayout):
    """A deed on one side of the builder: tap to put it in the offer or take it out; a deed that cannot change
    hands is dimmed and a tap shows why."""

    def __init__(self, deed: DeedView, reasons: tuple[str, ...], on_tap: Callable[[], Any]) -> None:
        super().__init__(size_hint_y=None, height=theme.TOUCH, spacing=dp(4))
        self.deed_id = deed.id
        self.add_widget(colour_band(deed.colour))
        label = short_deed_name(deed) + (f" ({deed.marks})" if deed.marks else "")
        tap = (lambda: show_reasons(reasons, f"{deed.name} cannot change hands now")) if reasons else on_tap
        self.button = TapButton(label, tap, "off" if reasons else "normal")
        self.add_widget(self.button)


class SideColumn(Panel):
    """One side of the offer being built (``player_id`` says whose), with its toggles by ``deed:<id>`` and
    ``card:<deck>`` and its summary line, updated in place as the table picks."""

    def __init__(self, player_id: str, name: str) -> None:
        super().__init__(orientation="vertical")
        self.player_id, self.player_name = player_id, name
        self.toggles: dict[str, TapButton] = {}
        self.summary = text("", fixed_height=False, size_hint_y=None, height=theme.FONT * 2.7, max_lines=3)
        # Both columns keep the same height: a summary longer than two lines gets the smaller font.
        self.summary.bind(width=lambda label, _width: setattr(label, "font_size", theme.FONT),
                          texture_size=lambda label, size: setattr(label, "font_size", theme.FONT_SMALL)
                          if size[1] > label.height else None)


class TradeScreen(CompanionScreen):
    """Two columns, one per side of the offer, or the open offer with both players' answers."""

    def __init__(self, app: Shell, **kwargs: object) -> None:
        super().__init__(app, **kwargs)
        self.sides = (Picks(), Picks())
        self.columns: list[SideColumn] = []
        self.root = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        self.add_widget(self.root)

    def on_pre_enter(self, *args: object) -> None:
        """Each visit builds a new offer: the turn player proposes to the next player, nothing picked."""
        for picks in self.sides:
            picks.player = ""
            picks.clear()
        super().on_pre_enter(*args)

    # ---------------------------------------------------------------- drawing

    def refresh(self) -> None:
        """Rebuild: the open offer if there is one, else the builder."""
        self.root.clear_widgets()
        session = self.app.session
        top = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        top.add_widget(text("Trade", theme.FONT_LARGE, theme.ACCENT, bold=True, fixed_height=False,
                            size_hint_x=None, width=dp(80)))
        answer = self.app.last_answer
        ended = answer is not None and answer.accepted and answer.command.split()[:1] in (["accept"], ["reject"],
                                                                                         ["withdraw"])
        # Once an offer is settled, the table is told how it ended (who now holds what) before the next one.
        self.outcome = text(" ".join(answer.lines) if ended and answer else
                            "Tap what each side hands over, then Propose. The partner accepts or rejects.",
                            theme.FONT_SMALL, theme.GOOD if ended else theme.MUTED, fixed_height=False)
        top.add_widget(self.outcome)
        top.add_widget(TapButton("Back to table", lambda: self.app.goto("table"), size_hint_x=None,
                                 width=dp(140)))
        self.root.add_widget(top)
        if session is None:
            self.root.add_widget(text("No game is open.", theme.FONT_LARGE))
            return
        game = session.game
        choices = [a for a in turn_actions(game) if a.key.startswith(("lift:", "keep:"))]
        if choices:  # settled before anything else is traded
            self.root.add_widget(self._mortgage_choices(choices))
            return
        offer = trade_offer(game)
        if offer is not None:
            self.root.add_widget(self._offer(offer))
            return
        active = [p for p in player_views(game) if not p.retired]
        if len(active) < 2:
            self.root.add_widget(text("A trade needs two players still in the game.", colour=theme.MUTED))
            return
        self._settle_players([p.id for p in active], next((p.id for p in active if p.is_turn), active[0].id))
        columns = BoxLayout(spacing=theme.GAP)
        self.columns = [self._column(index, trade_side(game, self.sides[index].player)) for index in (0, 1)]
        for index, column in enumerate(self.columns):
            columns.add_widget(column)
            self._show_picks(index)
        self.root.add_widget(columns)
        bar = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        bar.add_widget(TapButton("Clear", self._clear, size_hint_x=0.35))
        bar.add_widget(TapButton("Propose", self._propose, "primary"))
        self.root.add_widget(bar)

    def _settle_players(self, active: list[str], turn: str) -> None:
        """Keep the chosen proposer and partner while they are still in; otherwise the turn player proposes to
        the next player."""
        proposer, partner = self.sides
        if proposer.player not in active:
            proposer.player = turn
            proposer.clear()
        if partner.player not in active or partner.player == proposer.player:
            partner.player = active[(active.index(proposer.player) + 1) % len(active)]
            partner.clear()

    def _column(self, index: int, side: TradeSide) -> SideColumn:
        """One side: who, their deeds and jail cards as toggles, the credits they add, and a summary."""
        picks = self.sides[index]
        edition = self.app.session.edition if self.app.session else None
        assert edition is not None
        # What changed hands since it was picked drops out of the offer.
        picks.deeds = [d for d in picks.deeds if any(deed.id == d and not why for deed, why in side.deeds)]
        picks.cards = [c for c in picks.cards if c in {deck for deck, _ in side.jail_cards}]
        picks.cash = stepped_amount(picks.cash, 0, side.cash)
        panel = SideColumn(side.player, side.name)
        head = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        head.add_widget(text(ROLES[index], theme.FONT_SMALL, theme.MUTED, fixed_height=False, size_hint_x=0.4))
        head.add_widget(TapButton(f"{side.name} ({credits(edition, side.cash)})",
                                  lambda: self._pick_player(index)))
        panel.add_widget(head)
        scroller, column = scroll_column(dp(4))
        column.padding = (0, 0, dp(12), 0)  # room for the scroll bar
        for deed, reasons in side.deeds:
            toggle = DeedToggle(deed, reasons, partial(self._toggle, index, picks.deeds, deed.id))
            column.add_widget(toggle)
            if not reasons:
                panel.toggles[f"deed:{deed.id}"] = toggle.button
        for deck, label in side.jail_cards:
            row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=dp(4))
            row.add_widget(colour_band(NO_COLOUR))
            panel.toggles[f"card:{deck}"] = TapButton(label, partial(self._toggle, index, picks.cards, deck))
            row.add_widget(panel.toggles[f"card:{deck}"])
            column.add_widget(row)
        if not side.deeds and not side.jail_cards:
            column.add_widget(text(f"No {edition.term('deed')}s or cards to trade.", theme.FONT_SMALL, theme.MUTED))
        panel.add_widget(scroller)
        steppers = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=dp(4))
        for step in STEPS:
            steppers.add_widget(TapButton(f"{step:+}".replace("-", "−"),
                                          partial(self._add_cash, index, step, side.cash)))
        steppers.add_widget(TapButton("Exact…", lambda: self._type_cash(index, side)))
        panel.add_widget(steppers)
        panel.add_widget(panel.summary)
        return panel

    def _show_picks(self, index: int) -> None:
        """Light up what one side has picked and say it in the summary line (no rebuild: taps stay quick)."""
        game = self.app.session.game if self.app.session else None
        assert game is not None
        picks, column = self.sides[index], self.columns[index]
        picked = {f"deed:{d}" for d in picks.deeds} | {f"card:{c}" for c in picks.cards}
        for key, button in column.toggles.items():
            button.set_style("primary" if key in picked else "normal")
        words = asset_words(game, picks.deeds, picks.cash, picks.cards)
        column.summary.text = f"{column.player_name} gives: {', '.join(words) if words else 'nothing yet'}"

    def _offer(self, offer: TradeOfferView) -> Panel:
        """The open offer, what each side hands over, and the three answers."""
        panel = Panel(orientation="vertical")
        panel.add_widget(text(f"{offer.proposer_name} offers {offer.partner_name} a trade", theme.FONT_LARGE,
                              theme.ACCENT, bold=True))
        panel.add_widget(text(f"{offer.proposer_name} confirmed by proposing; {offer.partner_name} accepts or "
                              f"rejects. {offer.proposer_name} may still withdraw.", theme.FONT_SMALL, theme.MUTED))
        scroller, column = scroll_column()
        sides = BoxLayout(size_hint_y=None, spacing=theme.GAP)
        sides.bind(minimum_height=sides.setter("height"))
        for name, things in ((offer.proposer_name, offer.gives), (offer.partner_name, offer.gets)):
            box = Panel(theme.PANEL_RAISED, orientation="vertical", size_hint_y=None)
            box.bind(minimum_height=box.setter("height"))
            box.add_widget(text(f"{name} gives", bold=True))
            for thing in things or ("nothing",):
                box.add_widget(text(f"•  {thing}"))
            sides.add_widget(box)
        column.add_widget(sides)
        panel.add_widget(scroller)
        answers = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        for action in (offer.accept, offer.reject, offer.withdraw):
            answers.add_widget(EngineActionButton(action, self._answer))
        panel.add_widget(answers)
        return panel

    def _mortgage_choices(self, choices: list[Action]) -> Panel:
        """Mortgaged deeds just received: the new owner lifts the mortgage now or keeps it (paying interest)."""
        assert self.app.session is not None
        heading, explanation = mortgage_choice_words(self.app.session.edition)
        panel = Panel(orientation="vertical")
        panel.add_widget(text(heading, theme.FONT_LARGE, theme.ACCENT, bold=True))
        panel.add_widget(text(explanation, colour=theme.MUTED))
        scroller, column = scroll_column()
        for action in choices:
            column.add_widget(EngineActionButton(action, self.app.run_action))
        panel.add_widget(scroller)
        return panel

    # ---------------------------------------------------------------- taps

    def _toggle(self, index: int, picked: list[str], item: str) -> None:
        if item in picked:
            picked.remove(item)
        else:
            picked.append(item)
        self._show_picks(index)

    def _add_cash(self, index: int, step: int, most: int) -> None:
        """Credits go up or down by a step, never below nothing nor above what the player holds."""
        self.sides[index].cash = stepped_amount(self.sides[index].cash, step, most)
        self._show_picks(index)

    def _type_cash(self, index: int, side: TradeSide) -> None:
        def typed(amount: int) -> None:
            self.sides[index].cash = stepped_amount(0, amount, side.cash)
            self._show_picks(index)

        edition = self.app.session.edition if self.app.session else None
        assert edition is not None
        NumberPad(f"Credits {side.name} adds (has {credits(edition, side.cash)})", typed).open()

    def _pick_player(self, index: int) -> None:
        """Choose who sits on this side; picking the other side's player swaps the two."""
        game = self.app.session.game if self.app.session else None
        assert game is not None
        dialog = Dialog(f"Who is the {ROLES[index].lower()}?", size_hint=(0.6, 0.9))
        for p in player_views(game):
            if not p.retired:
                dialog.body.add_widget(TapButton(p.name, partial(self._seat, dialog, index, p.id),
                                                 "primary" if p.id == self.sides[index].player else "normal"))
        dialog.add_button("Cancel")
        dialog.open()

    def _seat(self, dialog: Dialog, index: int, player: str) -> None:
        dialog.dismiss()
        mine, other = self.sides[index], self.sides[1 - index]
        if player == mine.player:
            return
        if player == other.player:
            other.player = mine.player
            other.clear()
        mine.player = player
        mine.clear()
        self.refresh()

    def _clear(self) -> None:
        for picks in self.sides:
            picks.clear()
        self.refresh()

    def _propose(self) -> None:
        give, get = self.sides
        answer = self.app.submit(propose_command(give.player, get.player, give.deeds, give.cash, give.cards,
                                                 get.deeds, get.cash, get.cards))
        if answer.accepted:
            self._clear()

    def _answer(self, action: Action) -> None:
        """Accept, reject or withdraw; the builder starts empty afterwards."""
        answer = self.app.run_action(action)
        if answer is not None and answer.accepted:
            self._clear()
