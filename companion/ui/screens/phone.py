"""The phones screen: the switch for the phone view, and the QR codes the phones scan.

One code is shown at a time, as large as the screen allows, so it scans from across the table and a player's
code is on the screen only while that player asks for it. The list on the left picks the code: the table view
(read only, for everyone) or a player's own view. A player's code can be revoked (a lost phone) and a new one
issued. Every word comes from :func:`companion.table.phone.phone_codes`; the codes are drawn from
:func:`companion.table.phone.qr_picture`. The layout (the bar with the switch and Back, the list of codes, the
chosen code with its buttons, what the phone view is when there is no code) is ``phone.kv``.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.table.phone import PhoneCode, phone_codes, qr_picture
from companion.ui import theme
from companion.ui.screens.base import CompanionScreen
from companion.ui.widgets import TapButton, confirm, load_layout

if TYPE_CHECKING:
    from companion.ui.shell import Shell

ABOUT = ("Players can follow the table on their phones over this table's Wi-Fi: one code shows the whole table, "
         "and each player's own code lets them answer their own choices, bid, offer trades and set a Bank Heist "
         "dial in secret from their seat. The table checks everything sent from a phone like a tap on this screen. "
         "Nothing reaches the internet.")


class QrCode(Widget):
    """A QR code drawn on a white square, scaled by whole pixels so every module stays sharp."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.url = ""
        self.texture: Texture | None = None
        self.bind(pos=self._draw, size=self._draw)

    def show(self, url: str) -> None:
        """Draw the code of ``url`` (nothing when empty)."""
        self.url = url
        self.texture = None
        if url:
            picture = qr_picture(url)
            self.texture = Texture.create(size=(picture.modules, picture.modules), colorfmt="rgba")
            self.texture.blit_buffer(picture.rgba, colorfmt="rgba", bufferfmt="ubyte")
            self.texture.flip_vertical()  # the picture's rows run from the top, a texture's from the bottom
            self.texture.mag_filter = "nearest"
            self.texture.min_filter = "nearest"
        self._draw()

    def _draw(self, *_args: object) -> None:
        self.canvas.clear()
        if self.texture is None:
            return
        modules = self.texture.width
        scale = max(1, int(min(self.width, self.height) // modules))
        side = modules * scale
        x, y = self.center_x - side / 2, self.center_y - side / 2
        with self.canvas:
            Color(1, 1, 1, 1)
            Rectangle(texture=self.texture, pos=(int(x), int(y)), size=(side, side))


class PhoneScreen(CompanionScreen):
    """The switch, the list of codes (table view, then each player) and the chosen code, large (layout:
    ``phone.kv``; :meth:`refresh` fills in the list and the code)."""

    def __init__(self, app: Shell, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.chosen = ""
        self.codes: tuple[PhoneCode, ...] = ()
        self.shown: PhoneCode | None = None
        ids = self.ids
        self.switch: TapButton = ids.switch
        self.back: TapButton = ids.back
        self.body: BoxLayout = ids.body
        self.qr: QrCode = ids.qr
        self.seats: BoxLayout = ids.seats
        self.code_buttons: BoxLayout = ids.code_buttons
        # The parts shown in turn: kept here as they leave the tree (ids hold only weak references).
        self.about: Widget = ids.about.__self__
        self.codes_column: Widget = ids.codes_column.__self__
        self.code_panel: Widget = ids.code_panel.__self__
        self.revoke_button: TapButton = ids.revoke.__self__
        self.reissue_button: TapButton = ids.reissue.__self__
        self.body.clear_widgets()  # see refresh

    # ---------------------------------------------------------------- drawing

    def refresh(self) -> None:
        """Redraw from the codes of the open game (new codes when it is another game than before), on the
        address the table has now."""
        self.app.phones.follow_network()
        view = phone_codes(self.app.phones)
        self.switch.text = "Phone view: on (tap to turn off)" if view.on else "Phone view: off (tap to turn on)"
        self.switch.set_style("normal" if view.on else "primary")
        self.back.text = "Back to table" if self.app.session else "Back"
        self.codes = view.codes
        self.body.clear_widgets()
        if not view.codes:
            self.shown = None
            self.qr.show("")
            self.ids.about_note.text = view.note
            self.ids.about_note.color = theme.TEXT if view.on else theme.ACCENT
            self.body.add_widget(self.about)
            return
        if self.chosen not in {c.seat for c in view.codes}:
            self.chosen = view.codes[0].seat
        self._list(view.note)
        self._code(next(c for c in view.codes if c.seat == self.chosen))
        self.body.add_widget(self.codes_column)
        self.body.add_widget(self.code_panel)

    def _list(self, note: str) -> None:
        """The codes to choose from, the chosen one in the accent colour, and the note under them."""
        self.seats.clear_widgets()
        for code in self.codes:
            label = f"{code.title} (revoked)" if code.revoked else code.title
            self.seats.add_widget(TapButton(label, partial(self.choose, code.seat),
                                            "primary" if code.seat == self.chosen else "normal"))
        self.ids.note.text = note

    def _code(self, code: PhoneCode) -> None:
        """The chosen code with its title and what it opens; Revoke for a player's code still in use, New code."""
        self.shown = code
        self.ids.code_title.text = code.title
        self.ids.code_detail.text = code.detail
        self.ids.code_detail.color = theme.TEXT if code.revoked else theme.MUTED
        self.qr.show(code.url)
        self.code_buttons.clear_widgets()
        if not code.is_table and not code.revoked:
            self.code_buttons.add_widget(self.revoke_button)
        self.reissue_button.set_style("primary" if code.revoked else "normal")
        self.code_buttons.add_widget(self.reissue_button)

    # ---------------------------------------------------------------- taps

    def toggle(self) -> None:
        """Turn the phone view on or off (remembered for the next start); a failure to start is said."""
        problem = self.app.phones.set_enabled(not self.app.phones.enabled)
        self.refresh()
        if problem:
            confirm("The phone view did not start", [problem], lambda: None, yes="OK")

    def choose(self, seat: str) -> None:
        """Show another seat's code."""
        self.chosen = seat
        self.refresh()

    def ask_revoke(self, code: PhoneCode | None) -> None:
        """Revoke a player's code after the table confirms: that phone can no longer see or send anything."""
        if code is None:
            return

        def revoke() -> None:
            self.app.phones.revoke(code.seat)
            self.refresh()

        confirm(f"Revoke {code.title}'s code?",
                [f"The phone that scanned {code.title}'s code stops showing the game and cannot bid or offer "
                 "trades any more.", "Tap New code afterwards to give them a new one."],
                revoke, yes="Revoke", style="danger")

    def reissue(self, code: PhoneCode | None) -> None:
        """A new code for the seat; the old one opens nothing any more."""
        if code is None:
            return
        self.app.phones.reissue(code.seat)
        self.chosen = code.seat
        self.refresh()

    def go_back(self) -> None:
        """Back to the table (or home when no game is open)."""
        self.app.goto("table" if self.app.session else "home")


load_layout(__file__)
