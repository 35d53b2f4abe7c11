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

from kivy.properties import ColorProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

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
    load_layout,
    show_reasons,
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


class TradeToggle(BoxLayout):
    """A thing one side may put in the offer: a band in its colour and a button to put it in or take it out. Only
    its data and tap here; its look is ``<TradeToggle>`` in ``trade.kv``."""

    band = ColorProperty(theme.rgba(NO_COLOUR))

    def __init__(self, label: str, on_tap: Callable[[], Any], style: str = "normal", colour: str = NO_COLOUR,
                 **kwargs: Any) -> None:
        super().__init__(band=theme.rgba(colour), **kwargs)
        self.button: TapButton = self.ids.button
        self.button.text, self.button.on_tap = label, on_tap
        self.button.set_style(style)


class DeedToggle(TradeToggle):
    """A deed on one side of the builder: tap to put it in the offer or take it out; a deed that cannot change
    hands is dimmed and a tap shows why."""

    deed_id = StringProperty("")

    def __init__(self, deed: DeedView, reasons: tuple[str, ...], on_tap: Callable[[], Any]) -> None:
        label = short_deed_name(deed) + (f" ({deed.marks})" if deed.marks else "")
        tap = (lambda: show_reasons(reasons, f"{deed.name} cannot change hands now")) if reasons else on_tap
        super().__init__(label, tap, "off" if reasons else "normal", deed.colour, deed_id=deed.id)


class TradeWords(Label):
    """A line of words as tall as they wrap (what a side of the open offer gives); look: ``<TradeWords>`` in
    ``trade.kv``."""


class TradeNote(TradeWords):
    """A small muted line (a side with nothing to trade); look: ``<TradeNote>`` in ``trade.kv``."""


class OfferSide(BoxLayout):
    """What one side of the open offer hands over: ``who`` gives, then a line per thing; look: ``<OfferSide>`` in
    ``trade.kv``."""

    who = StringProperty("")


class SideColumn(Panel):
    """One side of the offer being built (``player_id`` says whose), with its toggles by ``deed:<id>`` and
    ``card:<deck>`` and its summary line, updated in place as the table picks (layout: ``trade.kv``)."""

    def __init__(self, player_id: str, name: str) -> None:
        super().__init__()
        self.player_id, self.player_name = player_id, name
        self.toggles: dict[str, TapButton] = {}
        self.role: Label = self.ids.role
        self.player_button: TapButton = self.ids.player_button
        self.things: BoxLayout = self.ids.things
        self.steppers: BoxLayout = self.ids.steppers
        self.summary: Label = self.ids.summary
        # Both columns keep the same height: a summary longer than two lines gets the smaller font.
        self.summary.bind(width=lambda label, _width: setattr(label, "font_size", theme.FONT),
                          texture_size=lambda label, size: setattr(label, "font_size", theme.FONT_SMALL)
                          if size[1] > label.height else None)


class TradeScreen(CompanionScreen):
    """Two columns, one per side of the offer, or the open offer with both players' answers (layout:
    ``trade.kv``)."""

    def __init__(self, app: Shell, **kwargs: object) -> None:
        super().__init__(app, **kwargs)
        self.sides = (Picks(), Picks())
        self.columns: list[SideColumn] = []
        self.outcome: Label = self.ids.outcome
        self.body: BoxLayout = self.ids.body
        # The pages: kept here as they leave the tree (ids hold only weak references; __self__ is the widget).
        self.builder: BoxLayout = self.ids.builder.__self__
        self.side_columns: BoxLayout = self.ids.columns
        self.offer: Panel = self.ids.offer.__self__
        self.mortgages: Panel = self.ids.mortgages.__self__
        self.no_game: Label = self.ids.no_game.__self__
        self.too_few: Label = self.ids.too_few.__self__
        self.body.clear_widgets()  # one page at a time: see _show

    def on_pre_enter(self, *args: object) -> None:
        """Each visit builds a new offer: the turn player proposes to the next player, nothing picked."""
        for picks in self.sides:
            picks.player = ""
            picks.clear()
        super().on_pre_enter(*args)

    # ---------------------------------------------------------------- drawing

    def refresh(self) -> None:
        """Rebuild: the open offer if there is one, else the builder."""
        session = self.app.session
        answer = self.app.last_answer
        ended = answer is not None and answer.accepted and answer.command.split()[:1] in (["accept"], ["reject"],
                                                                                         ["withdraw"])
        # Once an offer is settled, the table is told how it ended (who now holds what) before the next one.
        self.outcome.text = " ".join(answer.lines) if ended and answer else \
            "Tap what each side hands over, then Propose. The partner accepts or rejects."
        self.outcome.color = theme.GOOD if ended else theme.MUTED
        if session is None:
            self._show(self.no_game)
            return
        game = session.game
        choices = [a for a in turn_actions(game) if a.key.startswith(("lift:", "keep:"))]
        if choices:  # settled before anything else is traded
            self._mortgage_choices(choices)
            return
        offer = trade_offer(game)
        if offer is not None:
            self._offer(offer)
            return
        active = [p for p in player_views(game) if not p.retired]
        if len(active) < 2:
            self._show(self.too_few)
            return
        self._settle_players([p.id for p in active], next((p.id for p in active if p.is_turn), active[0].id))
        self.side_columns.clear_widgets()
        self.columns = [self._column(index, trade_side(game, self.sides[index].player)) for index in (0, 1)]
        for index, column in enumerate(self.columns):
            self.side_columns.add_widget(column)
            self._show_picks(index)
        self._show(self.builder)

    def _show(self, page: Widget) -> None:
        """Show one page under the top bar: the builder, the open offer, the mortgages to settle or a note."""
        if page.parent is not self.body:
            self.body.clear_widgets()
            self.body.add_widget(page)

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
        panel.role.text = ROLES[index]
        panel.player_button.text = f"{side.name} ({credits(edition, side.cash)})"
        panel.player_button.on_tap = lambda: self._pick_player(index)
        column = panel.things
        for deed, reasons in side.deeds:
            toggle = DeedToggle(deed, reasons, partial(self._toggle, index, picks.deeds, deed.id))
            column.add_widget(toggle)
            if not reasons:
                panel.toggles[f"deed:{deed.id}"] = toggle.button
        for deck, label in side.jail_cards:
            card = TradeToggle(label, partial(self._toggle, index, picks.cards, deck))
            panel.toggles[f"card:{deck}"] = card.button
            column.add_widget(card)
        if not side.deeds and not side.jail_cards:
            column.add_widget(TradeNote(text=f"No {edition.term('deed')}s or cards to trade."))
        for step in STEPS:
            panel.steppers.add_widget(TapButton(f"{step:+}".replace("-", "−"),
                                                partial(self._add_cash, index, step, side.cash)))
        panel.steppers.add_widget(TapButton("Exact…", lambda: self._type_cash(index, side)))
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

    def _offer(self, offer: TradeOfferView) -> None:
        """The open offer, what each side hands over, and the three answers."""
        ids = self.ids
        ids.offer_heading.text = f"{offer.proposer_name} offers {offer.partner_name} a trade"
        ids.offer_hint.text = (f"{offer.proposer_name} confirmed by proposing; {offer.partner_name} accepts or "
                               f"rejects. {offer.proposer_name} may still withdraw.")
        ids.offer_sides.clear_widgets()
        for name, things in ((offer.proposer_name, offer.gives), (offer.partner_name, offer.gets)):
            box = OfferSide(who=name)
            for thing in things or ("nothing",):
                box.add_widget(TradeWords(text=f"•  {thing}"))
            ids.offer_sides.add_widget(box)
        ids.answers.clear_widgets()
        for action in (offer.accept, offer.reject, offer.withdraw):
            ids.answers.add_widget(EngineActionButton(action, self._answer))
        self._show(self.offer)

    def _mortgage_choices(self, choices: list[Action]) -> None:
        """Mortgaged deeds just received: the new owner lifts the mortgage now or keeps it (paying interest)."""
        assert self.app.session is not None
        ids = self.ids
        ids.mortgages_heading.text, ids.mortgages_explanation.text = mortgage_choice_words(self.app.session.edition)
        ids.mortgage_choices.clear_widgets()
        for action in choices:
            ids.mortgage_choices.add_widget(EngineActionButton(action, self.app.run_action))
        self._show(self.mortgages)

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

    def clear_offer(self) -> None:
        """Nothing picked on either side."""
        for picks in self.sides:
            picks.clear()
        self.refresh()

    def propose(self) -> None:
        """Propose the offer as picked (the engine checks it); an accepted one leaves the builder empty."""
        give, get = self.sides
        answer = self.app.submit(propose_command(give.player, get.player, give.deeds, give.cash, give.cards,
                                                 get.deeds, get.cash, get.cards))
        if answer.accepted:
            self.clear_offer()

    def _answer(self, action: Action) -> None:
        """Accept, reject or withdraw; the builder starts empty afterwards."""
        answer = self.app.run_action(action)
        if answer is not None and answer.accepted:
            self.clear_offer()


load_layout(__file__)
