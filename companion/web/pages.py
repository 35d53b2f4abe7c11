"""The two pages the phones open: the table view and a player's own view.

Each page is one self-contained document (its style and script inline, nothing fetched from the internet) built
once from the files in ``assets/``. The script asks the server for the page's JSON and sets every word as text,
never as markup. The Content-Security-Policy sent with a page allows exactly its own inline style and script (by
their SHA-256) and requests to this server only.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from functools import cache
from importlib import resources

TITLES = {"table": "The table", "player": "My view"}
GONE = ("<p class=\"gone\">This code no longer opens anything. Scan the code shown on the table again.</p>")


@dataclass(frozen=True)
class Page:
    """A built page: its bytes and the Content-Security-Policy that allows exactly its inline parts."""

    body: bytes
    policy: str


def asset(name: str) -> str:
    """One file of ``companion/web/assets``."""
    return resources.files("companion.web").joinpath("assets", name).read_text(encoding="utf-8")


def _digest(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def _document(title: str, body: str, script: str) -> Page:
    style = asset("phone.css")
    html = (f"<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<meta name=\"referrer\" content=\"no-referrer\"><meta name=\"color-scheme\" content=\"dark\">"
            f"<title>{title}</title><style>{style}</style></head>\n<body>\n{body}"
            + (f"<script>{script}</script>" if script else "") + "</body></html>\n")
    policy = (f"default-src 'none'; style-src {_digest(style)}; "
              + (f"script-src {_digest(script)}; " if script else "")
              + "connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return Page(html.encode(), policy)


@cache
def page(kind: str) -> Page:
    """The ``table`` or ``player`` page."""
    return _document(TITLES[kind], asset(f"{kind}.html"), asset("common.js") + "\n" + asset(f"{kind}.js"))


@cache
def gone_page() -> Page:
    """What a phone sees for a code that opens nothing (forged, revoked, or from an earlier game)."""
    return _document("Scan again", f"<header><h1>Star Wars Monopoly</h1></header><main>{GONE}</main>", "")
