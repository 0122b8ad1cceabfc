"""A small HTTP client for the studio tests (standard library only, any Host header allowed)."""

from __future__ import annotations

import http.client
import json as jsonlib
from dataclasses import dataclass
from email.message import Message
from typing import Any
from urllib.parse import urlencode


@dataclass
class Answer:
    status_code: int
    headers: Message
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", "replace")

    def json(self) -> Any:
        return jsonlib.loads(self.content)


class Client:
    """Requests to one studio; ``headers`` go with every request (e.g. the token)."""

    def __init__(self, port: int, headers: dict[str, str] | None = None):
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.headers = dict(headers or {})

    def request(
        self,
        method: str,
        path: str,
        json: Any = None,
        content: bytes | None = None,
        headers: dict[str, str] | None = None,
        params: dict[str, str] | None = None,
    ) -> Answer:
        if params:
            path += ("&" if "?" in path else "?") + urlencode(params)
        sent = {"Host": f"127.0.0.1:{self.port}", **self.headers, **(headers or {})}
        body = content
        if json is not None:
            body = jsonlib.dumps(json).encode()
            sent.setdefault("Content-Type", "application/json")
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            for name, value in sent.items():
                connection.putheader(name, value)
            connection.putheader("Content-Length", str(len(body or b"")))
            connection.endheaders(body)
            response = connection.getresponse()
            return Answer(response.status, response.headers, response.read())
        finally:
            connection.close()

    def get(self, path: str, **options: Any) -> Answer:
        return self.request("GET", path, **options)

    def post(self, path: str, **options: Any) -> Answer:
        return self.request("POST", path, **options)
