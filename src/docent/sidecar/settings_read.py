"""Typed values read from the environment for the settings (`settings.Settings.from_env`), every problem gathered
rather than the first alone, each with how to fix it."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

import limits

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


# A Host header as agents send it: a name or an IPv4 address, or an IPv6 one in brackets, and perhaps a port.
_HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(?::(\d{1,5}))?")


class Reader:
    """Reads typed values from the environment, gathering every problem rather than stopping at the first."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.env = env
        self.problems: list[str] = []

    def boolean(self, name: str, default: bool) -> bool:
        raw = self.env.get(name)
        if raw is None:
            return default
        if raw.strip().lower() in _TRUE | _FALSE:
            return raw.strip().lower() in _TRUE
        self.problems.append(f"{name}={raw!r} is not a switch: write 1 to turn it on or 0 to turn it off.")
        return default

    def number(self, name: str, default: Any, kind: type, *, minimum: float) -> Any:
        raw = self.env.get(name)
        if raw is None or raw.strip() == "":
            return default
        try:
            value = kind(raw)
        except ValueError:
            value = None
        if value is None or value < minimum:
            what = "a whole number" if kind is int else "a number"
            self.problems.append(f"{name}={raw!r} is not {what} of at least {minimum:g}: write, e.g., {name}={default}.")
            return default
        return value

    def rate(self, name: str, default: str) -> str:
        raw = self.env.get(name)
        if raw is None or raw.strip() == "":
            return default
        try:
            limits.parse(raw)
        except ValueError:
            self.problems.append(
                f"{name}={raw!r} is not a rate: write it in the `limits` notation, e.g. {name}={default} "
                "(N/second, N/minute, N/hour or N/day)."
            )
            return default
        return raw.strip()

    def address(self, name: str) -> tuple[str, int] | None:
        raw = self.env.get(name, "").strip()
        if not raw:
            return None
        host, _, port = raw.rpartition(":")
        host = host.strip("[]")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            self.problems.append(f"{name}={raw!r} is not host:port: write, e.g., {name}=127.0.0.1:9108.")
            return None
        return host, int(port)

    def origins(self, name: str) -> tuple[str, ...]:
        found = []
        for raw in filter(None, (o.strip() for o in self.env.get(name, "").split(","))):
            parts = urlsplit(raw)
            if raw == "*" or parts.scheme not in {"http", "https"} or not parts.netloc or raw != f"{parts.scheme}://{parts.netloc}":
                self.problems.append(
                    f"{name}: {raw!r} is not an exact origin: write scheme://host[:port] with no path or "
                    "trailing slash, e.g. https://example.org (no wildcards)."
                )
            else:
                found.append(raw)
        return tuple(found)

    def hosts(self, name: str) -> tuple[str, ...]:
        found = []
        for raw in filter(None, (h.strip() for h in self.env.get(name, "").split(","))):
            match = _HOST.fullmatch(raw)
            if match is None or (match.group(2) is not None and not 0 < int(match.group(2)) < 65536):
                self.problems.append(
                    f"{name}: {raw!r} is not a host name: write host or host:port as agents reach it, e.g. "
                    "docs.example.org (no scheme, no path)."
                )
            else:
                found.append(raw.lower())
        return tuple(found)

    def networks(self, name: str) -> tuple[Network, ...]:
        found = []
        for raw in filter(None, (o.strip() for o in self.env.get(name, "").split(","))):
            try:
                found.append(ipaddress.ip_network(raw, strict=False))
            except ValueError:
                self.problems.append(
                    f"{name}: {raw!r} is not an address or network: list your proxies' addresses, "
                    "e.g. 127.0.0.1,10.0.0.0/8."
                )
        return tuple(found)
