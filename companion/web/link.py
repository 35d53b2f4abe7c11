"""The phones' way into the game: the on/off setting, the server, the codes, and what each request does.

:class:`PhoneLink` answers the server's requests. The code in the address is checked first in the server's own
thread (a forged or stale code costs the table nothing), then again on the game's thread just before anything is
read or submitted, after the codes have followed the game the table has open: a code revoked or made stale a
moment earlier opens nothing. A player's input becomes the command the touchscreen would build
(:mod:`companion.web.inputs`) and goes through the same submit path as a tap; the engine decides.

The JSON of a view is kept until the game changes (a new journal entry), so phones polling an idle table cost the
game's thread a comparison, not a rebuild.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from companion.engine.commands import Command, parse_command
from companion.table.session import Answer, Session
from companion.web.address import phone_address, phone_port
from companion.web.handoff import Executor, TableBusy
from companion.web.inputs import VERBS, InputError, NotOffered, NotYours, command_for
from companion.web.pages import Page, gone_page, page
from companion.web.payloads import player_payload, table_payload
from companion.web.server import Limits, Reply, Request, Running, serve
from companion.web.tokens import TABLE, Access, PhoneKeys

log = logging.getLogger(__name__)

SOURCE = "phone"
"""The source stored in the journal with every command sent from a phone."""
SETTING = "phones"
"""The key of the on/off switch in the app's settings file."""
NO_GAME = "No game is open at the table."
READ_ONLY = "The table code only shows the table: use your own code to bid or trade."


class PhoneLink:
    """The phone view of the game the table has open.

    ``session`` gives the open game (called on the game's thread only); ``executor`` runs work there;
    ``submit`` carries out a command like a tap on the table (by default straight into the session, with the
    source ``phone``); ``settings`` is the app's settings file, where the switch is remembered.
    """

    def __init__(self, session: Callable[[], Session | None], executor: Executor,
                 submit: Callable[[str], Answer] | None = None, settings: Path | None = None,
                 limits: Limits | None = None) -> None:
        self.session = session
        self.executor = executor
        self.submit = submit or self._submit_to_session
        self.settings = settings
        self.limits = limits
        self.keys = PhoneKeys()
        self.enabled = bool(self._load_settings().get(SETTING, False))
        self.running: Running | None = None
        self.problem = ""
        self._chosen_host: str | None = None
        self._views: dict[str, tuple[tuple[object, ...], Reply]] = {}
        self._shared: tuple[tuple[object, ...], dict[str, Any]] = ((), {})  # only touched on the game's thread
        self._views_lock = threading.Lock()

    # ---------------------------------------------------------------- on and off

    def set_enabled(self, on: bool) -> str:
        """Turn the phone view on or off and remember it for the next start; returns what went wrong starting
        the server ("" when it runs, or when turned off)."""
        self.enabled = on
        data = self._load_settings()
        data[SETTING] = on
        if self.settings is not None:
            try:
                self.settings.write_text(json.dumps(data), encoding="utf-8")
            except OSError as exc:
                log.warning("could not remember the phone switch: %s", exc)
        if on:
            return self.start()
        self.stop()
        return ""

    def start(self, host: str | None = None, port: int | None = None) -> str:
        """Listen on this device's network address (or ``host``), on the usual port when it is free and on any
        free port otherwise; returns the problem in words ("" when the server runs)."""
        if self.running is not None:
            return ""
        self._chosen_host = host
        host = host or phone_address()
        wanted = phone_port() if port is None else port
        for candidate in dict.fromkeys((wanted, 0)):
            try:
                self.running = serve(host, candidate, self, self.limits)
                break
            except OSError as exc:
                self.problem = f"The phone view could not start on {host}: {exc.strerror or exc}."
        else:
            log.warning("%s", self.problem)
            return self.problem
        self.problem = ""
        log.info("phone view on %s", self.base_url)
        return ""

    def follow_network(self) -> bool:
        """Move the server to the address the table has now, when it changed since the server started (the Pi
        joined the Wi-Fi after the app started, or was given another address); True when it moved. The codes stay
        the same, but phones must scan them again: the address in them changed."""
        if self.running is None or self._chosen_host:
            return False
        if phone_address() == self.running.address[0]:
            return False
        self.stop()
        self.start()
        return True

    def stop(self) -> None:
        """Stop serving: every phone page stops updating; the codes stay as they are."""
        if self.running is not None:
            self.running.stop()
            self.running = None

    @property
    def base_url(self) -> str:
        """The address the codes point at ("" while the server is not running)."""
        if self.running is None:
            return ""
        host, port = self.running.address
        return f"http://{host}:{port}"

    @property
    def on_loopback(self) -> bool:
        """True when only this device can open the codes (no network was found)."""
        return self.running is not None and self.running.address[0].startswith("127.")

    # ---------------------------------------------------------------- codes (game's thread)

    def sync(self) -> Session | None:
        """The open game; its codes are renewed when it is another game than before."""
        session = self.session()
        if session is not None and self.keys.follow(session.game_id, [p.id for p in session.game.state.players]):
            with self._views_lock:
                self._views.clear()
        return session

    def url(self, seat: str) -> str:
        """The address in a seat's code ("" while off, or when the seat's code is revoked)."""
        token = self.keys.token(seat)
        if not token or not self.base_url:
            return ""
        return f"{self.base_url}/{'t' if seat == TABLE else 'p'}/{token}"

    def revoke(self, seat: str) -> None:
        """A lost phone: the seat's code opens nothing any more."""
        self.keys.revoke(seat)

    def reissue(self, seat: str) -> None:
        """A new code for a seat; the old one opens nothing any more."""
        self.keys.reissue(seat)

    # ---------------------------------------------------------------- requests (server's threads)

    def respond(self, request: Request) -> Reply:
        """Route a request: the two pages, their JSON, and a player's inputs; anything else is 404."""
        parts = urlsplit(request.path).path.split("/")[1:]
        if len(parts) == 2 and parts[0] in ("t", "p"):
            return self._page(request, parts[0], parts[1])
        if len(parts) in (3, 4) and parts[0] == "api" and parts[1] in ("t", "p"):
            access = self.keys.find(parts[2])
            if access is None:
                return Reply.error(404)
            if len(parts) == 4 and parts[1] == "p":
                return self._act(request, parts[2], access, parts[3])  # the table's code is told it only reads
            if len(parts) == 3 and (parts[1] == "t") == access.read_only:
                return self._read(request, parts[2], access) if request.method == "GET" else Reply.error(405)
        return Reply.error(404)

    def _page(self, request: Request, kind: str, token: str) -> Reply:
        if request.method != "GET":
            return Reply.error(405)
        access = self.keys.find(token)
        if access is None or (kind == "t") != access.read_only:
            return _html(404, gone_page())
        return _html(200, page("table" if kind == "t" else "player"))

    def _read(self, request: Request, token: str, access: Access) -> Reply:
        """A view's JSON, rebuilt only when the game changed since it was last asked for."""
        seat = access.player
        with self._views_lock:
            kept = self._views.get(seat)

        def work() -> Reply | tuple[tuple[object, ...], dict[str, Any]]:
            session = self.sync()
            if session is None:
                return Reply.error(409, NO_GAME)
            if self.keys.find(token) != access:
                return Reply.error(404)
            game = session.game
            version = (session.game_id, id(game), len(game.entries))
            if kept is not None and kept[0] == version:
                return kept[1]
            if self._shared[0] != version:
                self._shared = (version, {})
            return version, (table_payload(game) if access.read_only else player_payload(game, seat,
                                                                                         self._shared[1]))

        try:
            result = self.executor.run(work)
        except TableBusy:
            return Reply.error(503)
        if isinstance(result, Reply):
            return result
        version, data = result
        reply = Reply.json(200, data, validator=True)
        with self._views_lock:
            self._views[seat] = (version, reply)
        return reply

    def _act(self, request: Request, token: str, access: Access, verb: str) -> Reply:
        """A player's input, submitted like a tap once the engine's own checks may see it."""
        if verb not in VERBS:
            return Reply.error(404)
        if request.method != "POST":
            return Reply.error(405)
        if access.read_only:
            return Reply.error(403, READ_ONLY)
        if request.content_type.split(";")[0].strip().lower() != "application/json":
            return Reply.error(415)
        try:
            body = json.loads(request.body.decode("utf-8"))
        except (ValueError, RecursionError):
            return Reply.error(400, "The request is not valid JSON.")
        if not isinstance(body, dict):
            return Reply.error(400, "The request must be a JSON object.")

        def work() -> Reply:
            session = self.sync()
            if session is None:
                return Reply.error(409, NO_GAME)
            if self.keys.find(token) != access:
                return Reply.error(404)
            try:
                command = command_for(session.game, access.player, verb, body)
            except NotYours as exc:
                return Reply.error(403, str(exc))
            except NotOffered as exc:
                return Reply.error(409, str(exc))
            except InputError as exc:
                return Reply.error(400, str(exc))
            answer = self.submit(command)
            return Reply.json(200 if answer.accepted else 409,
                              {"accepted": answer.accepted, "command": answer.command, "lines": list(answer.lines),
                               "reasons": list(answer.reasons)})

        try:
            return self.executor.run(work)
        except TableBusy:
            return Reply.error(503)

    # ---------------------------------------------------------------- helpers

    def _submit_to_session(self, command: str) -> Answer:
        """Without a touchscreen (tests, tools): straight into the session, with the phone as the source."""
        session = self.session()
        if session is None:
            return Answer.rejected(command, [NO_GAME])
        parsed = parse_command(command)
        return session.submit(Command(parsed.verb, parsed.args, SOURCE))

    def _load_settings(self) -> dict[str, Any]:
        if self.settings is None:
            return {}
        try:
            data = json.loads(self.settings.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}


def _html(status: int, built: Page) -> Reply:
    return Reply(status, built.body, "text/html; charset=utf-8", (("Content-Security-Policy", built.policy),))
