"""The board map on which a space is chosen (a Hyperdrive's jump, a Bounty Hunter's free Base): one tap on the
table's button opens it, one tap on a bright space chooses it.

Every space known sits round a ring in board order (GO at the bottom right, as on the board), each with its planet's
colour along its top (when the box has given it), whose Base stands there over a stripe of their side's colour, and
the tokens standing there (the chooser's in yellow). The spaces the decision offers are bright and framed in
yellow (a known planet space brightest, in its planet's colour when the box has given it); the others are dimmed,
and a tap on one says why it cannot be chosen. A space nobody has described yet shows a question mark. In the
ring's middle: what is being chosen, a hint, whose Base each stripe colour means, and Cancel.

Everything shown comes from :func:`companion.table.space_map.space_map`; a tap submits the decision's own button
(the same command a button in a list would). The look of the window and of a space is ``board_map.kv``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.devices.buttons import Press
from companion.table.coop import initials
from companion.table.offers import Action
from companion.table.space_map import MapCell, SpaceMap, ring_place, ring_shape
from companion.ui import theme
from companion.ui.widgets import FreshGuard, TapButton, load_layout, toast

CLEAR = (0, 0, 0, 0)
"""No colour: a space whose planet colour is not given, or with no Base."""


class TokenChip(Label):
    """A token standing on a space: its player's name (initials when several stand there) on a light pill, the
    chooser's on yellow (look: ``board_map.kv``)."""

    chooser = BooleanProperty(False)


class TokenRow(BoxLayout):
    """The tokens standing on a space, one chip each (look: ``board_map.kv``); ``chooser_first``: the first is
    the chooser's."""

    names = ListProperty()
    chooser_first = BooleanProperty(False)

    def on_names(self, *_args: object) -> None:
        """One chip per name, in order."""
        self.clear_widgets()
        for n, name in enumerate(self.names):
            self.add_widget(TokenChip(text=name, chooser=self.chooser_first and n == 0))

    def on_chooser_first(self, *_args: object) -> None:
        """The chooser's chip is the first."""
        for n, chip in enumerate(reversed(self.children)):
            chip.chooser = self.chooser_first and n == 0


class SpaceCell(FreshGuard, ButtonBehavior, BoxLayout):
    """One space on the ring: only its data; its look (bright and framed when a tap chooses it, dimmed
    otherwise) is ``<SpaceCell>`` in ``board_map.kv``."""

    title = StringProperty("")
    words = StringProperty("")
    colour = ColorProperty(CLEAR)
    """The planet's colour along the top (and filling the space when it is a choice)."""
    base = ColorProperty(CLEAR)
    """The colour of the side whose Base stands there."""
    tokens = ListProperty()
    """The words on the tokens standing there, the chooser's first (initials when more than two stand there)."""
    chooser_here = BooleanProperty(False)
    known = BooleanProperty(True)
    offered = BooleanProperty(False)
    """Whether a tap chooses this space."""
    fill = ColorProperty(theme.PANEL)
    ink = ColorProperty(theme.TEXT)
    frame = ColorProperty(theme.BACKGROUND)
    frame_width = NumericProperty(dp(1))
    """The look, bound in ``board_map.kv`` to the data above."""

    def __init__(self, cell: MapCell, on_tap: Callable[[SpaceCell], Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cell, self.position, self.on_tap = cell, cell.position, on_tap
        self.choice: Action | None = cell.choice
        self.drawn_at = Clock.frames  # the tap that opened the map is not a choice
        self.title = cell.name if cell.known else f"?  {cell.name}"
        self.words = cell.words
        self.tokens = [initials(name) for name in cell.tokens] if len(cell.tokens) > 2 else list(cell.tokens)
        self.chooser_here, self.known, self.offered = cell.chooser_here, cell.known, cell.choice is not None
        if cell.colour:
            self.colour = theme.rgba(cell.colour)
        if cell.side_colour:
            self.base = theme.rgba(cell.side_colour)

    def on_release(self) -> None:
        """Choose this space (or say why it cannot be chosen)."""
        self.on_tap(self)


class RingMap(FloatLayout):
    """The ring of spaces, and in its hole the middle panel (``centre``, from the .kv file)."""

    centre = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cells: list[SpaceCell] = []
        self.length = 4
        self.bind(pos=self._place, size=self._place)

    def show(self, cells: list[SpaceCell], length: int) -> None:
        """Put these spaces round a ring of ``length`` places."""
        for old in self.cells:
            self.remove_widget(old)
        self.cells, self.length = cells, max(length, len(cells))
        for cell in cells:
            self.add_widget(cell)
        self._place()

    def _place(self, *_args: object) -> None:
        if self.width <= 1 or self.height <= 1:
            return
        cols, rows = ring_shape(self.length, self.width / self.height)
        w, h = self.width / cols, self.height / rows
        for cell in self.cells:
            col, row = ring_place(cell.position, cols, rows)
            cell.pos, cell.size = (self.x + col * w + dp(1), self.y + row * h + dp(1)), (w - dp(2), h - dp(2))
        centre = self.centre
        if centre is not None:
            centre.pos = (self.x + w + dp(4), self.y + h + dp(4))
            centre.size = (max(dp(10), (cols - 2) * w - dp(8)), max(dp(10), (rows - 2) * h - dp(8)))


class BoardMapDialog(ModalView):
    """The board map of one decision (layout: ``<BoardMapDialog>`` in ``board_map.kv``); ``choose`` gets the
    action of the space tapped, once, after the map closes."""

    def __init__(self, view: SpaceMap, choose: Callable[[Action], Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.view, self.choose = view, choose
        self.ring: RingMap = self.ids.ring
        self.title_label: Label = self.ids.title
        self.hint_label: Label = self.ids.hint
        self.cancel: TapButton = self.ids.cancel
        self.title_label.text = view.title
        known = "" if view.length_known else "  Only the spaces known so far are shown."
        self.hint_label.text = view.hint + known
        self.legend: SideLegend = self.ids.legend
        self.legend.sides = list(view.sides) if any(cell.owner for cell in view.cells) else []
        self.cells = [SpaceCell(cell, self._tapped) for cell in view.cells]
        self.ring.show(self.cells, view.length)

    def hardware_press(self, press: Press) -> bool:
        """Cancel closes the map; Confirm chooses the one space offered (with several, a tap chooses); returns
        whether the press did anything."""
        offered = [c for c in self.cells if c.choice is not None]
        if press.button == "cancel":
            self.dismiss()
            return True
        if press.button == "confirm" and len(offered) == 1:
            self._tapped(offered[0])
            return True
        return False

    def cell(self, position: int) -> SpaceCell:
        """The space at a board position."""
        return next(c for c in self.cells if c.position == position)

    def _tapped(self, cell: SpaceCell) -> None:
        if cell.choice is None:
            toast([f"{cell.cell.name}: {' '.join(cell.cell.refused) or 'not one of the choices.'}"], 4.0)
            return
        action = cell.choice
        self.dismiss()
        self.choose(action)


class SideStripe(BoxLayout):
    """A side's stripe and its name, under the map's hint (look: ``board_map.kv``)."""

    name = StringProperty("")
    colour = StringProperty("")
    """The side's colour (``#rrggbb``)."""


class SideLegend(BoxLayout):
    """Whose Base each stripe colour means: one :class:`SideStripe` per side, none when no Base stands on the map
    (look: ``board_map.kv``)."""

    sides = ListProperty()
    """Each side's name and colour (``#rrggbb``)."""

    def on_sides(self, *_args: object) -> None:
        """One stripe per side, in order."""
        self.clear_widgets()
        for name, colour in self.sides:
            self.add_widget(SideStripe(name=name, colour=colour))


class MapCentre(BoxLayout):
    """The middle of the ring: what is chosen, the hint and Cancel (look: ``board_map.kv``)."""


load_layout(__file__)
