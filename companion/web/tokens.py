"""The codes the phones carry in their links: one for the table view and one per player, for one game.

A code is 128 random bits from the operating system's secure source (:mod:`secrets`), written in URL-safe
base64 (22 characters). Codes live only in memory: a new game, another game resumed, or the app started again
gives every seat a new code, so a link from an earlier game opens nothing. A player's code can be revoked (a
phone was lost) and a new one issued; the old one then opens nothing either. Codes are compared in constant
time, every one of them on each look-up, so the time taken says nothing about how close a guess was.
"""

from __future__ import annotations

import hmac
import re
import secrets
import threading
from collections.abc import Iterable
from dataclasses import dataclass

TOKEN_BYTES = 16
"""128 bits of secure randomness per code."""
TOKEN_LENGTH = 22
"""The length of a code in URL-safe base64 without padding."""
TABLE = ""
"""The seat key of the table view's code (player ids are never empty)."""
_SHAPE = re.compile(rf"[A-Za-z0-9_-]{{{TOKEN_LENGTH}}}")


def new_token() -> str:
    """A fresh code: 128 bits from the OS's secure random source."""
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(frozen=True)
class Access:
    """What a valid code opens: the table view (``player`` empty, read only) or one player's own view, in the
    game ``game_id``."""

    game_id: str
    player: str = TABLE

    @property
    def read_only(self) -> bool:
        """The table view changes nothing; only a player's code may send that player's inputs."""
        return self.player == TABLE


class PhoneKeys:
    """The codes of the game the table plays now. Safe to use from the server's threads and the UI thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._game_id = ""
        self._codes: dict[str, str | None] = {}

    def follow(self, game_id: str, players: Iterable[str]) -> bool:
        """Make the codes those of ``game_id``: for another game than before, every seat gets a new code and every
        earlier code stops working. Returns True when the codes were renewed."""
        with self._lock:
            if game_id == self._game_id:
                return False
            self._game_id = game_id
            self._codes = {TABLE: new_token(), **{p: new_token() for p in players if p != TABLE}}
            return True

    def token(self, seat: str) -> str | None:
        """The code of a seat (:data:`TABLE` or a player id); None when revoked or unknown."""
        with self._lock:
            return self._codes.get(seat)

    def seats(self) -> tuple[str, ...]:
        """The table view first, then the players, in seating order."""
        with self._lock:
            return tuple(self._codes)

    def revoke(self, seat: str) -> None:
        """A lost phone: the seat's code opens nothing from now on, until a new one is issued."""
        with self._lock:
            if seat in self._codes:
                self._codes[seat] = None

    def reissue(self, seat: str) -> str | None:
        """A new code for a seat of this game (the old one, if any, stops working); None for an unknown seat."""
        with self._lock:
            if seat not in self._codes:
                return None
            self._codes[seat] = code = new_token()
            return code

    def find(self, token: str) -> Access | None:
        """What ``token`` opens now, or None for a forged, revoked or earlier game's code."""
        if not isinstance(token, str) or not _SHAPE.fullmatch(token):
            return None
        found: str | None = None
        with self._lock:
            for seat, code in self._codes.items():
                # Every code is compared, in constant time: no early exit on the first match.
                if code is not None and hmac.compare_digest(code.encode(), token.encode()):
                    found = seat
            return Access(self._game_id, found) if found is not None else None
