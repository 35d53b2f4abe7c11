"""The phone view as the touchscreen shows it: the switch, the address, and one code per seat drawn as a QR code.

The server and the codes themselves live in :mod:`companion.web`; this module is the screens' way to them (the UI
imports only the table layer). :func:`phone_codes` lists what the codes screen shows; :func:`qr_picture` draws a
code's address as plain pixels (one per QR module, with the quiet margin the standard asks for) that the screen
scales up.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import qrcode
from qrcode.constants import ERROR_CORRECT_M

from companion.web.handoff import HandOff
from companion.web.link import PhoneLink
from companion.web.tokens import TABLE

QUIET_ZONE = 4
"""Light modules around a QR code: the standard's margin, which scanners need to find it."""

__all__ = ["TABLE", "HandOff", "PhoneCode", "PhoneCodes", "PhoneLink", "QrPicture", "phone_codes", "qr_picture"]


@dataclass(frozen=True)
class QrPicture:
    """A QR code as pixels: ``modules`` across and down, RGBA bytes row by row from the top."""

    modules: int
    rgba: bytes


@dataclass(frozen=True)
class PhoneCode:
    """One seat's code: the table view or a player's own view, its address, and whether it was revoked."""

    seat: str
    title: str
    detail: str
    url: str
    revoked: bool

    @property
    def is_table(self) -> bool:
        """The table view's code (read only; never revoked, only renewed)."""
        return self.seat == TABLE


@dataclass(frozen=True)
class PhoneCodes:
    """What the codes screen shows: whether the phone view is on, a line about the address, and the codes."""

    on: bool
    note: str
    codes: tuple[PhoneCode, ...]


def phone_codes(link: PhoneLink) -> PhoneCodes:
    """The codes of the game the table has open, the table view first, then each player in seating order."""
    if not link.enabled:
        return PhoneCodes(False, "The phone view is off: nothing can be opened from a phone.", ())
    if link.running is None:
        return PhoneCodes(True, link.problem or "The phone view is not running.", ())
    session = link.sync()
    if session is None:
        return PhoneCodes(True, "Open a game first: the codes belong to the game on the table.", ())
    if link.on_loopback:
        note = (f"No network found: only this device can open {link.base_url}. Connect the table to Wi-Fi; the "
                "codes move to it when this screen opens again.")
    else:
        note = f"Phones on the same Wi-Fi as the table open {link.base_url}"
    codes = [PhoneCode(TABLE, "Table view", "Everyone: the whole table, read only", link.url(TABLE), False)]
    for player in session.game.state.players:
        url = link.url(player.id)
        codes.append(PhoneCode(player.id, player.name,
                               f"{player.name}'s own view: their choices, bids, trade offers and secret dials. "
                               f"Only {player.name} scans this one." if url else
                               f"Revoked: {player.name}'s code opens nothing. Tap New code to give them another.",
                               url, not url))
    return PhoneCodes(True, note, tuple(codes))


@lru_cache(maxsize=32)
def qr_picture(text: str) -> QrPicture:
    """``text`` as a QR code (error correction level M), one pixel per module, dark on white."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, box_size=1, border=QUIET_ZONE)
    code.add_data(text)
    code.make(fit=True)
    matrix = code.get_matrix()
    dark, light = b"\x00\x00\x00\xff", b"\xff\xff\xff\xff"
    return QrPicture(len(matrix), b"".join(dark if cell else light for row in matrix for cell in row))
