"""The HTTP side of the phone view: the standard library's threading server, kept on a short leash.

Why the standard library: the Pi needs nothing more installed (no compiled extension, no event loop of its own
beside Kivy's), and the load is tiny (a page every two seconds from each of at most nine phones). Python's
:mod:`http.server` does few checks of its own, so this module adds them:

- one request per connection (HTTP/1.0 style), so no phone holds a thread between polls;
- the request line and headers are read by hand, at most :attr:`Limits.head_bytes`, and the whole request must
  arrive within :attr:`Limits.seconds` (a slow sender is cut off: 408);
- a body is read only when it is announced (``Content-Length``) and small enough; a larger one is refused with
  413 before any of it is read, and chunked bodies with 411;
- at most :attr:`Limits.connections` requests are served at once (503 beyond that), and each client address may
  send :attr:`Limits.burst` requests at once and then :attr:`Limits.per_second` (429 beyond that; a client that
  goes on regardless is hung up on at once, without a thread or an answer, until it slows down);
- the ``Host`` header must name the address the codes show (against DNS rebinding) and a request sent by
  another web page (``Origin``) is refused;
- every error answer is a fixed short text; a stack trace goes to the log, never to the phone.

What a request does is decided by :class:`Responder` (in the app: :class:`companion.web.link.PhoneLink`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import socket
import socketserver
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from io import BytesIO
from typing import Any, Protocol

log = logging.getLogger(__name__)

MESSAGES = {
    400: "The request could not be read.",
    403: "This code cannot do that.",
    404: "Nothing here: scan the code shown on the table again.",
    405: "Not allowed here.",
    408: "The request took too long.",
    409: "The table cannot take that now.",
    411: "The request must say how long it is.",
    413: "The request is too large.",
    414: "The address is too long.",
    415: "The request must be JSON.",
    421: "This is not the address the table shows.",
    429: "Too many requests: wait a moment.",
    431: "The request headers are too large.",
    500: "Something went wrong at the table.",
    501: "Not supported.",
    503: "The table is busy: try again.",
}


@dataclass(frozen=True)
class Limits:
    """How much the server takes from one request and one client."""

    head_bytes: int = 8192
    line_bytes: int = 2048
    body_bytes: int = 8192
    seconds: float = 5.0
    connections: int = 32
    burst: int = 30
    per_second: float = 5.0
    clients: int = 256
    linger_bytes: int = 65536
    clock: Callable[[], float] = field(default=time.monotonic, compare=False)
    """What the rate limit measures time by (a test gives a clock it moves itself)."""


@dataclass(frozen=True)
class Request:
    """A request that passed every check of the server: method, path, body (empty for GET) and the few headers
    the responder needs."""

    method: str
    path: str
    body: bytes = b""
    content_type: str = ""


@dataclass(frozen=True)
class Reply:
    """An answer: status, content type, body, and the extra headers (a page's Content-Security-Policy)."""

    status: int
    body: bytes
    content_type: str = "application/json"
    headers: tuple[tuple[str, str], ...] = ()
    etag: str = ""

    @classmethod
    def json(cls, status: int, data: Any, validator: bool = False) -> Reply:
        """A JSON answer; with ``validator`` (a view that phones ask for again and again) it carries an ETag, so
        asking again while nothing changed costs a 304 with no body."""
        body = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
        return cls(status, body, "application/json; charset=utf-8", etag=etag_of(body) if validator else "")

    @classmethod
    def error(cls, status: int, message: str = "") -> Reply:
        """A fixed, short error answer (``message`` is one of the app's own sentences, never an exception's)."""
        return cls.json(status, {"error": message or MESSAGES.get(status, "Error.")})


def etag_of(body: bytes) -> str:
    """A strong validator for a body: the same bytes give the same tag."""
    return '"' + hashlib.sha256(body).hexdigest()[:20] + '"'


class Responder(Protocol):
    """Decides what a request does (the server has already checked its shape and size)."""

    def respond(self, request: Request) -> Reply:
        """The answer to one request."""
        ...


class RateLimit:
    """A token bucket per client address: ``burst`` requests at once, then ``per_second``. A refused request still
    costs the client, down to ``burst`` requests in debt: a client that keeps sending until then is flooding, and
    is hung up on without an answer until it has paid back one request's worth. Only the most recent ``clients``
    addresses are remembered, so the table of buckets stays small."""

    def __init__(self, burst: int, per_second: float, clients: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.per_second, self.clients, self.clock = burst, per_second, clients, clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def _tokens(self, client: str, now: float) -> float:
        tokens, then = self._buckets.pop(client, (float(self.burst), now))
        return min(float(self.burst), tokens + (now - then) * self.per_second)

    def allow(self, client: str) -> bool:
        """Take one request from the client's bucket; False when it is empty (the debt grows, up to the floor)."""
        now = self.clock()
        with self._lock:
            tokens = self._tokens(client, now)
            allowed = tokens >= 1
            self._buckets[client] = (tokens - 1 if allowed else max(-float(self.burst), tokens - 1), now)
            while len(self._buckets) > self.clients:
                self._buckets.popitem(last=False)
            return allowed

    def flooding(self, client: str) -> bool:
        """True while the client is as deep in debt as it can go: it is hung up on at once (this costs nothing)."""
        now = self.clock()
        with self._lock:
            if client not in self._buckets:
                return False
            tokens = self._tokens(client, now)
            self._buckets[client] = (tokens, now)
            return tokens < 1 - self.burst


class Refused(Exception):
    """A request refused by the server's own checks, with the status to answer."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class PhoneServer(ThreadingHTTPServer):
    """The threading HTTP server with a cap on requests served at once and no name look-up when it starts."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 16

    def __init__(self, address: tuple[str, int], responder: Responder, limits: Limits | None = None) -> None:
        self.responder = responder
        self.limits = limits or Limits()
        self.rate = RateLimit(self.limits.burst, self.limits.per_second, self.limits.clients, self.limits.clock)
        self.slots = threading.BoundedSemaphore(self.limits.connections)
        self.hosts: frozenset[str] = frozenset()
        self.origin = ""
        super().__init__(address, PhoneHandler)

    def server_bind(self) -> None:
        """Bind without :func:`socket.getfqdn`: on a network with no name server it can stall for seconds."""
        socketserver.TCPServer.server_bind(self)
        address = self.server_address[:2]
        host, port = str(address[0]), int(address[1])
        self.server_name, self.server_port = host, port
        self.hosts = frozenset({f"{host}:{port}"} | ({f"localhost:{port}"} if host.startswith("127.") else set()))
        self.origin = f"http://{host}:{port}"

    def process_request(self, request: Any, client_address: Any) -> None:
        """Serve in a new thread while a slot is free; otherwise answer 503 at once from the listening thread (no
        thread started, nothing parsed) and hang up. A flooding client is hung up on before anything else."""
        if self.rate.flooding(client_address[0]):
            self.shutdown_request(request)  # no thread, no answer: a client this far past its rate is flooding
            return
        if not self.slots.acquire(blocking=False):
            refuse_at_once(request, 503, "Service Unavailable")
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        """Serve one request, then give its slot back."""
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Log a failure (the phone was already given a plain 500, or had hung up)."""
        log.exception("phone request from %s failed", client_address[0] if client_address else "?")


def refuse_at_once(sock: socket.socket, status: int, reason: str) -> None:
    """A fixed answer sent without waiting: what the client has already sent is thrown away first (so closing
    does not reset the connection before the answer is read), and nothing more is waited for."""
    body = Reply.error(status).body
    head = f"HTTP/1.0 {status} {reason}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n" \
           "Connection: close\r\n\r\n"
    try:
        sock.setblocking(False)
        with contextlib.suppress(BlockingIOError):
            sock.recv(65536)
        sock.send(head.encode() + body)
        sock.shutdown(socket.SHUT_WR)
    except OSError:
        pass


class PhoneHandler(BaseHTTPRequestHandler):
    """One request per connection, read within the server's limits, answered by the server's responder."""

    server: PhoneServer
    protocol_version = "HTTP/1.0"
    server_version = "companion"
    sys_version = ""
    refusal = 0  # the status the standard parser refused the request with, if it did

    def setup(self) -> None:
        """The connection's deadline starts now."""
        super().setup()
        self.deadline = time.monotonic() + self.server.limits.seconds
        self.unread = False  # True when the client may still be sending what we chose not to read
        self.answered = False

    def handle(self) -> None:
        """Read, check and answer one request; any failure becomes a plain 500."""
        self.close_connection = True
        try:
            reply = self.serve()
            if reply is not None:
                self.answer(reply)
        except Refused as exc:
            self.answer(Reply.error(exc.status))
        except (TimeoutError, ConnectionError):
            self.answer(Reply.error(408))
        except Exception:
            log.exception("phone request failed")
            self.answer(Reply.error(500))

    def serve(self) -> Reply | None:
        """The checks in order: size and time of the head, its form, the client's rate, the host, the body.
        None when the client hung up before sending a request."""
        head, rest = self.read_head()
        if not head:
            return None
        self.unread = True
        self.raw_requestline, _, headers = head.partition(b"\n")
        self.raw_requestline += b"\n"
        real, self.rfile = self.rfile, BytesIO(headers)
        try:
            if not self.parse_request():  # it answered through send_error
                raise Refused(self.refusal or 400)
        finally:
            self.rfile = real
        self.close_connection = True
        if not self.server.rate.allow(self.client_address[0]):
            raise Refused(429)
        if self.headers.get("Host", "").lower() not in self.server.hosts:
            raise Refused(421)
        method = self.command
        if method not in ("GET", "POST"):
            raise Refused(405 if method in ("HEAD", "PUT", "DELETE", "PATCH", "OPTIONS") else 501)
        body = b""
        if method == "POST":
            origin = self.headers.get("Origin")
            if origin is not None and origin != self.server.origin:
                raise Refused(403)
            body = self.read_body(rest)
        self.unread = False
        request = Request(method, self.path, body, self.headers.get("Content-Type", ""))
        reply = self.server.responder.respond(request)
        if reply.etag and reply.etag in (t.strip() for t in self.headers.get("If-None-Match", "").split(",")):
            return Reply(304, b"", reply.content_type, reply.headers, reply.etag)
        return reply

    def read_head(self) -> tuple[bytes, bytes]:
        """The request line and headers (without the blank line), and whatever of the body came with them."""
        limits, sock = self.server.limits, self.connection
        data = b""
        while True:
            end = data.find(b"\r\n\r\n")
            if end >= 0:
                return data[:end + 2].replace(b"\r\n", b"\n"), data[end + 4:]
            first_line = data.split(b"\n", 1)[0]
            if len(first_line) > limits.line_bytes:
                self.unread = True
                raise Refused(414)
            if len(data) > limits.head_bytes:
                self.unread = True
                raise Refused(431)
            left = self.deadline - time.monotonic()
            if left <= 0:
                self.unread = True
                raise Refused(408)
            sock.settimeout(left)
            chunk = sock.recv(4096)
            if not chunk:
                return b"", b""
            data += chunk

    def read_body(self, rest: bytes) -> bytes:
        """Exactly the announced body, when it is small enough; refused unread otherwise."""
        if self.headers.get("Transfer-Encoding") is not None:
            raise Refused(411)
        length_text = (self.headers.get("Content-Length") or "").strip()
        if not length_text.isascii() or not length_text.isdigit():
            raise Refused(411)
        length = int(length_text) if len(length_text) <= 12 else self.server.limits.body_bytes + 1
        if length > self.server.limits.body_bytes:
            raise Refused(413)
        body = rest[:length]
        while len(body) < length:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise Refused(408)
            self.connection.settimeout(left)
            chunk = self.connection.recv(min(4096, length - len(body)))
            if not chunk:
                raise ConnectionAbortedError
            body += chunk
        return body

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The standard parser's refusals (bad request line, too many headers...) become a plain answer later."""
        self.refusal = code

    def answer(self, reply: Reply) -> None:
        """Send the reply (once) with the headers every answer carries, then hang up politely."""
        if self.answered:
            return
        self.answered = True
        self.request_version = self.protocol_version  # every answer has a status line, even to an HTTP/0.9 line
        try:
            self.connection.settimeout(max(0.5, self.deadline - time.monotonic()))
            self.send_response_only(reply.status)
            self.send_header("Date", self.date_time_string())
            self.send_header("Content-Type", reply.content_type)
            if reply.status != 304:
                self.send_header("Content-Length", str(len(reply.body)))
            self.send_header("Cache-Control", "no-cache" if reply.etag else "no-store")
            if reply.etag:
                self.send_header("ETag", reply.etag)
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Referrer-Policy", "no-referrer")
            self.send_header("Connection", "close")
            for name, value in reply.headers:
                self.send_header(name, value)
            self.end_headers()
            if reply.status != 304:
                self.wfile.write(reply.body)
            self.wfile.flush()
        except OSError:
            return
        log.debug("phone %s %s -> %s", self.client_address[0], getattr(self, "command", "?"), reply.status)
        if self.unread:
            self.linger()

    def linger(self) -> None:
        """After refusing a request that was not read to its end, say we are done and throw away (up to a limit,
        for a short while) what the client is still sending, so it reads our answer instead of a reset."""
        try:
            self.connection.shutdown(socket.SHUT_WR)
            self.connection.settimeout(0.2)
            thrown = 0
            while thrown < self.server.limits.linger_bytes:
                chunk = self.connection.recv(4096)
                if not chunk:
                    break
                thrown += len(chunk)
        except OSError:
            pass

    def log_message(self, format: str, *args: Any) -> None:
        """The standard server's messages go to the log, not to the terminal."""
        log.debug("phone server: " + format, *args)


@dataclass
class Running:
    """A server serving in its own daemon thread."""

    server: PhoneServer
    thread: threading.Thread
    stopped: threading.Event = field(default_factory=threading.Event)

    @property
    def address(self) -> tuple[str, int]:
        """The address and port it listens on."""
        host, port = self.server.server_address[:2]
        return str(host), int(port)

    def stop(self) -> None:
        """Stop taking requests and close the socket (requests in progress finish on their own)."""
        if self.stopped.is_set():
            return
        self.stopped.set()
        stopping = threading.Thread(target=self.server.shutdown, name="phone-server-stop")
        stopping.start()
        with contextlib.suppress(OSError):  # a connection wakes the serving loop at once, not at its next poll
            socket.create_connection(self.address, timeout=0.2).close()
        stopping.join()
        self.server.server_close()
        self.thread.join(timeout=2)


def serve(host: str, port: int, responder: Responder, limits: Limits | None = None) -> Running:
    """Listen on ``host:port`` (port 0: any free port) and serve in a daemon thread."""
    server = PhoneServer((host, port), responder, limits)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, name="phone-server",
                              daemon=True)
    thread.start()
    return Running(server, thread)
