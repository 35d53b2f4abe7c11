"""A phone's side of the conversation: plain HTTP requests with the standard library, and raw bytes on a socket
for requests no well-behaved client would send."""

from __future__ import annotations

import http.client
import json
import socket
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Response:
    """What came back: status, headers (lower-case names), body, and how long it took."""

    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float

    def json(self) -> Any:
        """The body as JSON."""
        return json.loads(self.body)


def request(method: str, url: str, body: bytes | None = None, headers: dict[str, str] | None = None,
            timeout: float = 10) -> Response:
    """One request on its own connection."""
    parts = urlsplit(url)
    began = time.monotonic()
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        connection.request(method, parts.path, body=body, headers=headers or {})
        reply = connection.getresponse()
        data = reply.read()
        return Response(reply.status, {k.lower(): v for k, v in reply.getheaders()}, data, time.monotonic() - began)
    finally:
        connection.close()


def get(url: str, headers: dict[str, str] | None = None) -> Response:
    """GET ``url``."""
    return request("GET", url, headers=headers)


def post(url: str, data: Any, headers: dict[str, str] | None = None) -> Response:
    """POST ``data`` as JSON (bytes are sent as they are)."""
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    return request("POST", url, body, {"Content-Type": "application/json", **(headers or {})})


def raw(url: str, data: bytes, pause: float = 0, timeout: float = 10) -> tuple[int, bytes, float]:
    """Send bytes as they are, wait ``pause`` seconds, read the answer to the end; returns its status, its bytes
    and the seconds it took."""
    parts = urlsplit(url)
    began = time.monotonic()
    with socket.create_connection((parts.hostname, parts.port), timeout=timeout) as sock:
        try:
            sock.sendall(data)
            time.sleep(pause)
        except OSError:
            pass  # the server may hang up on a request it refused; its answer is still there to read
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except OSError:
            pass
    status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else 0
    return status, answer, time.monotonic() - began
