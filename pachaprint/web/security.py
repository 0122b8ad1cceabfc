"""The door of a local app (the studio, the table): a per-session token and same-origin checks.

The server binds 127.0.0.1 only, but a web page in the same browser can still
send requests to it, and a hostile DNS name can be pointed at 127.0.0.1 (DNS
rebinding). So every request, page, asset and API alike, must

* name the app itself in ``Host`` (``127.0.0.1:PORT`` or ``localhost:PORT``),
* come from the app's own origin when the browser says where it comes from
  (``Origin``; ``Sec-Fetch-Site``, where only a top-level page load may come
  from elsewhere, as when the address is clicked in a terminal),
* carry the session token (query ``token`` or header ``X-Pachaprint-Token``),
  compared in constant time.

Anything else gets 403 and a sentence saying why, with the app's name
(``pachaprint studio: ...``). Every response carries a strict
Content-Security-Policy (scripts and styles from the app only, no framing, no
other address to talk to) and is never cached.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

TOKEN_HEADER = "x-pachaprint-token"
TOKEN_PARAM = "token"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
SECURITY_HEADERS = (
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("cache-control", "no-store"),
    ("x-frame-options", "DENY"),
    ("cross-origin-opener-policy", "same-origin"),
    ("cross-origin-resource-policy", "same-origin"),
)


def new_token() -> str:
    """A fresh session token: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


class Guard:
    """ASGI middleware checking Host, Origin, fetch metadata and the token on every request;
    ``name`` is the app's (``studio``, ``table``), for the refusals."""

    def __init__(self, app: ASGIApp, token: str, port: int, name: str):
        self.app = app
        self.name = name
        self.label = f"pachaprint {name}"
        self.token = token.encode("ascii")
        hosts = (f"127.0.0.1:{port}", f"localhost:{port}")
        self.hosts = frozenset(hosts)
        self.origins = frozenset(f"http://{host}" for host in hosts)

    def refusal(self, scope: Scope) -> str | None:
        """Why a request is refused, or ``None`` when it may pass."""
        headers: dict[str, str] = {}
        for raw_name, raw_value in scope.get("headers", []):
            name = raw_name.decode("latin-1").lower()
            if name in headers:
                if name in ("host", "origin", TOKEN_HEADER):
                    return f"{self.label}: the request repeats the {name} header"
                continue
            headers[name] = raw_value.decode("latin-1")
        if headers.get("host") not in self.hosts:
            return (
                f"{self.label}: this server only answers to its own address "
                f"({' or '.join(sorted(self.hosts))}); the Host header names another"
            )
        origin = headers.get("origin")
        if origin is not None and origin not in self.origins:
            return f"{self.label}: requests from other web pages are refused"
        site = headers.get("sec-fetch-site")
        if site not in (None, "same-origin", "none"):
            navigation = (
                scope.get("method") == "GET"
                and headers.get("sec-fetch-mode") == "navigate"
                and headers.get("sec-fetch-dest") == "document"
                and scope.get("path") == "/"
            )
            if not navigation:
                return f"{self.label}: requests from other web pages are refused"
        if not self._has_token(scope, headers):
            return (
                f"{self.label}: this address needs the session token. Open the address "
                f"the {self.name} printed in the terminal (it ends in ?token=...)."
            )
        return None

    def _has_token(self, scope: Scope, headers: dict[str, str]) -> bool:
        offered = headers.get(TOKEN_HEADER)
        if offered is None:
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            values = query.get(TOKEN_PARAM, [])
            if len(values) != 1:
                return False
            offered = values[0]
        return secrets.compare_digest(offered.encode("utf-8", "replace"), self.token)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await send({"type": "websocket.close", "code": 1008})
            return
        reason = self.refusal(scope)
        if reason is not None:
            await _plain(send, 403, reason)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = secure_headers(list(message.get("headers", [])))
            await send(message)

        await self.app(scope, receive, secured)


def secure_headers(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """``headers`` plus the security headers it does not set itself (CSP only on HTML and assets)."""
    present = {name.lower() for name, _ in headers}
    added = [(n.encode(), v.encode()) for n, v in SECURITY_HEADERS if n.encode() not in present]
    kind = next((v for n, v in headers if n.lower() == b"content-type"), b"")
    if b"content-security-policy" not in present and not kind.startswith(b"application/pdf"):
        added.append((b"content-security-policy", CONTENT_SECURITY_POLICY.encode()))
    return headers + added


async def _plain(send: Send, status: int, text: str) -> None:
    body = (text + "\n").encode("utf-8")
    headers = secure_headers(
        [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode()),
        ]
    )
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
