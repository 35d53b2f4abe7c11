"""Colours, sizes and fonts of the touchscreen, chosen for the official 7" display (800x480) at arm's length.

Touch targets are at least :data:`TOUCH` (48 px) tall; the edition's own colours (colour bands, sides) come from
its data and are turned into Kivy colours with :func:`rgba`.
"""

from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.utils import get_color_from_hex

Colour = tuple[float, float, float, float]

BACKGROUND: Colour = (0.04, 0.05, 0.09, 1)
PANEL: Colour = (0.10, 0.12, 0.19, 1)
PANEL_RAISED: Colour = (0.15, 0.18, 0.27, 1)
TEXT: Colour = (0.93, 0.94, 0.97, 1)
MUTED: Colour = (0.64, 0.68, 0.77, 1)
ACCENT: Colour = (1.0, 0.91, 0.12, 1)        # the crawl's yellow: primary actions, highlights
ACCENT_TEXT: Colour = (0.06, 0.06, 0.08, 1)
DANGER: Colour = (0.80, 0.18, 0.18, 1)
GOOD: Colour = (0.25, 0.72, 0.40, 1)
BUTTON: Colour = (0.22, 0.26, 0.38, 1)
DISABLED: Colour = (0.16, 0.17, 0.22, 1)
DISABLED_TEXT: Colour = (0.45, 0.47, 0.53, 1)

# Series colours of the worth chart (players on the same side still need different lines).
PALETTE = ("#ffe81f", "#4fc3f7", "#ef5350", "#66bb6a", "#ab47bc", "#ffa726", "#26c6da", "#ec407a")

TOUCH = dp(48)       # the smallest height (and width) of anything a finger taps
GAP = dp(6)
PAD = dp(8)
FONT = sp(17)        # body text
FONT_SMALL = sp(14)  # secondary lines (journal, hints) - still readable at arm's length
FONT_LARGE = sp(22)  # headings, cash
FONT_HUGE = sp(36)   # the auction's high bid, dice faces


def rgba(hex_colour: str, alpha: float = 1.0) -> Colour:
    """An edition colour such as ``#8b5a2b`` as a Kivy colour."""
    r, g, b, _ = get_color_from_hex(hex_colour or "#5a6070")
    return (r, g, b, alpha)


def text_on(colour: Colour) -> Colour:
    """Dark or light text, whichever reads better on ``colour``."""
    r, g, b, _ = colour
    return ACCENT_TEXT if 0.299 * r + 0.587 * g + 0.114 * b > 0.6 else TEXT
