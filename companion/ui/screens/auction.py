"""The auction: the lot, the highest bid and bidder in large type, one row of bid buttons per player, and a
going-once / going-twice countdown that starts again on every accepted bid.

When the countdown runs out the screen submits ``close`` (the engine gives the lot to the highest bidder, or
leaves it with the bank when nobody bid). Every button is an engine-checked action from
:func:`companion.table.actions.auction_view`; an exact bid goes through the keypad as :func:`bid_command`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kivy.clock import Clock, ClockEvent
from kivy.graphics import Color, Rectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ColorProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.edition import capital
from companion.table.actions import AuctionView, Bidder, auction_view, bid_command
from companion.table.views import auction_lot_details
from companion.ui import theme
from companion.ui.screens.base import CompanionScreen
from companion.ui.widgets import EngineActionButton, NumberPad, TapButton, colour_band, load_layout


class Meter(Widget):
    """A bar that empties as the current countdown stage runs out."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fraction = 1.0
        with self.canvas:
            Color(*theme.PANEL_RAISED)
            self._back = Rectangle()
            self._colour = Color(*theme.ACCENT)
            self._fill = Rectangle()
        self.bind(pos=lambda *_: self.set(self.fraction), size=lambda *_: self.set(self.fraction))

    def set(self, fraction: float, colour: theme.Colour = theme.ACCENT) -> None:
        """Show ``fraction`` (0 to 1) of the bar filled, in ``colour``."""
        self.fraction = min(max(fraction, 0.0), 1.0)
        bar_h = dp(10)
        y = self.center_y - bar_h / 2
        self._back.pos, self._back.size = (self.x, y), (self.width, bar_h)
        self._fill.pos, self._fill.size = (self.x, y), (self.width * self.fraction, bar_h)
        self._colour.rgba = colour


class AuctionScreen(CompanionScreen):
    """Bids, passes and the countdown for the open auction. The countdown holds while a popup is open (the
    exact-bid keypad, a refusal) and while the table taps "Hold" (layout: ``auction.kv``)."""

    STAGE_SECONDS: float = 3.0  # length of each countdown stage
    STAGES: tuple[str, ...] = ("Going once…", "Going twice…", "Last call…")
    TICK_SECONDS: float = 0.05  # how often the countdown bar moves

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.view: AuctionView | None = None
        self.rows: dict[str, Widget] = {}
        self.stage = 0
        self.elapsed = 0.0
        self.held = False
        self._bid_key: tuple[object, ...] | None = None
        self._expiring: tuple[object, ...] | None = None
        self._last_reading = 0.0
        self._clock: ClockEvent | None = None
        self._shown = False

        self.band: BoxLayout = self.ids.band
        self.lot: Label = self.ids.lot
        self.lot_info: Label = self.ids.lot_info
        self.high_bid: Label = self.ids.high_bid
        self.queue: Label = self.ids.queue
        self.stage_label: Label = self.ids.stage_label
        self.meter: Meter = self.ids.meter
        self.hold_button: TapButton = self.ids.hold_button
        self.close_box: BoxLayout = self.ids.close_box
        self.bidders: BoxLayout = self.ids.bidders

    # ---------------------------------------------------------------- drawing

    def refresh(self) -> None:
        """Redraw from the auction view; a new highest bid (or a new lot) starts the countdown again."""
        session = self.app.session
        self.view = auction_view(session.game) if session else None
        self.bidders.clear_widgets()
        self.close_box.clear_widgets()
        self.rows = {}
        if self.view is None or session is None:
            self.stop_countdown()
            self.lot.text, self.high_bid.text, self.lot_info.text, self.queue.text = "No auction is open", "", "", ""
            self.stage_label.text = ""
            return
        view = self.view
        key = bid_key(view)
        if key != self._bid_key:
            self._bid_key = key
            self.restart_countdown()
        details = auction_lot_details(session.game)
        colour, self.lot_info.text, self.queue.text = (details.colour, details.info, details.waiting) if details \
            else ("", "", "")
        self.band.clear_widgets()
        self.band.add_widget(colour_band(colour, dp(12)))
        self.lot.text = view.lot
        self.high_bid.text = (f"{view.high_bid_text}  ·  {view.high_bidder}" if view.high_bidder
                              else capital(view.high_bid_text))
        self.close_box.add_widget(EngineActionButton(view.close, self.app.run_action))
        for bidder in view.bidders:
            row = BidderRow(bidder, self.app.run_action, self.exact_bid)
            self.rows[bidder.id] = row
            self.bidders.add_widget(row)
        self.show_countdown()

    def exact_bid(self, bidder: Bidder) -> NumberPad:
        """The keypad for an exact bid (the countdown holds while it is open)."""
        pad = NumberPad(f"{bidder.name}: exact bid", lambda n: self.app.submit(bid_command(bidder.id, n)))
        pad.open()
        return pad

    # ---------------------------------------------------------------- countdown

    def restart_countdown(self) -> None:
        """Back to "going once" with a full bar; the clock runs once the screen is fully shown."""
        self.stage, self.elapsed, self.held, self._expiring = 0, 0.0, False, None
        self._last_reading = self.app.clock()
        if self._shown and self._clock is None:
            self._clock = Clock.schedule_interval(self.tick, self.TICK_SECONDS)

    def stop_countdown(self) -> None:
        """Stop the clock (leaving the screen, or no auction open)."""
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None
        self._bid_key = self._expiring = None

    def stop_timers(self) -> None:
        """The app is closing: no countdown may sell a lot afterwards."""
        self.stop_countdown()

    def toggle_hold(self) -> None:
        """Hold the countdown while the table thinks, or let it run on."""
        self.held = not self.held
        self.show_countdown()

    def _popup_open(self) -> bool:
        window = self.get_root_window()
        return window is not None and any(isinstance(w, ModalView) for w in window.children)

    def tick(self, _dt: float = 0.0) -> None:
        """One tick: the time measured by the app's clock since the last tick runs the countdown on, unless it
        is held or a popup is open. A stage ends at most once per tick, so a long stall of a slow CPU never skips
        "last call". When the last stage runs out, the lot is sold one tick later (see :meth:`_sell`)."""
        now = self.app.clock()
        passed, self._last_reading = now - self._last_reading, now
        if self.view is None or self.held or self._popup_open():
            return
        if self._expiring is not None:
            self._sell()
            return
        self.elapsed += passed
        if self.elapsed >= self.STAGE_SECONDS:
            self.stage, self.elapsed = self.stage + 1, 0.0
        if self.stage >= len(self.STAGES):
            self._expiring = self._bid_key
            self.stage, self.elapsed = len(self.STAGES) - 1, self.STAGE_SECONDS
        self.show_countdown()

    def _sell(self) -> None:
        """Close the auction the countdown ran out on, only if no bid has come in since. Kivy handles the
        touches of a frame after its clock ticks, and phone and seat-button bids reach the screen through the
        clock too, so waiting one tick lets every bid made before the countdown ran out be counted first; a bid
        counted since (the engine's auction no longer is the one the countdown was armed for) voids the sale
        and starts the countdown again."""
        session = self.app.session
        view = auction_view(session.game) if session else None
        armed, self._expiring = self._expiring, None
        if view is None or bid_key(view) != armed:
            self.refresh()  # a bid came in since: its countdown starts from "going once"
            return
        self.stop_countdown()
        self.app.submit(view.close.command)

    def show_countdown(self) -> None:
        """The stage in words and the bar of the time left in it."""
        stage = self.STAGES[min(self.stage, len(self.STAGES) - 1)]
        self.stage_label.text = f"{stage} (held)" if self.held else stage
        self.hold_button.text = "Go on" if self.held else "Hold"
        colour = theme.MUTED if self.held else (theme.DANGER if self.stage == len(self.STAGES) - 1 else theme.ACCENT)
        self.meter.set(1 - self.elapsed / self.STAGE_SECONDS, colour)

    def on_enter(self, *args: object) -> None:
        """The countdown starts when the screen has faded in."""
        self._shown = True
        self._last_reading = self.app.clock()  # time spent behind another screen does not count
        if self.view is not None and self._clock is None:
            self._clock = Clock.schedule_interval(self.tick, self.TICK_SECONDS)

    def on_pre_leave(self, *args: object) -> None:
        """No countdown runs behind another screen."""
        self._shown = False
        self.stop_countdown()


def bid_key(view: AuctionView) -> tuple[object, ...]:
    """What a countdown is armed for: the lot, its highest bid and bidder, and the lots still to come."""
    return (view.lot, view.high_bid, view.high_bidder, view.queue)


class SideBand(Widget):
    """A narrow strip in a bidder's side colour (look: ``<SideBand>`` in ``auction.kv``)."""

    colour = ColorProperty(theme.TEXT)


class BidderRow(BoxLayout):
    """One player at the auction: name and cash, the raise buttons, an exact bid and pass. Only its data and
    buttons here; its look (raised for the highest bidder, dimmed once out) is ``<BidderRow>`` in ``auction.kv``."""

    player = StringProperty("")
    name = StringProperty("")
    cash = StringProperty("")
    """The player's cash, and "highest" or "out" when they hold the highest bid or have passed."""
    high = BooleanProperty(False)
    """The player holds the highest bid."""
    passed = BooleanProperty(False)
    """The player has passed: out of this auction."""

    def __init__(self, bidder: Bidder, run: Any, exact: Any, **kwargs: Any) -> None:
        mark = "  ·  highest" if bidder.high else ("  ·  out" if bidder.passed else "")
        super().__init__(player=bidder.id, name=bidder.name, cash=f"{bidder.cash}{mark}", high=bidder.high,
                         passed=bidder.passed, **kwargs)
        if bidder.side_colour:  # allies and enemies told apart at a glance, at the row's left
            self.add_widget(SideBand(colour=theme.rgba(bidder.side_colour)), index=len(self.children))
        for action in bidder.raises:
            self.add_widget(EngineActionButton(action, run, size_hint_x=0.11, font_size=theme.FONT_LARGE))
        if any(a.enabled for a in bidder.raises):  # an opening bid above 1 refuses "+1" but not the keypad
            self.add_widget(TapButton("Exact…", lambda: exact(bidder), size_hint_x=0.14))
        else:  # every raise is refused, so is every bid: the button says why instead of opening the keypad
            self.add_widget(EngineActionButton(replace(bidder.raises[0], label="Exact…"), run, size_hint_x=0.14))
        self.add_widget(EngineActionButton(bidder.drop, run, size_hint_x=0.12))


load_layout(__file__)
