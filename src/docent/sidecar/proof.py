"""The proof of work a visitor's browser does before a conversation: ALTCHA's v1 protocol, used once.

The server issues `{algorithm, challenge, maxnumber, salt, signature}`: `challenge = sha256(salt + str(number))` for a
secret random `number` of at most `maxnumber`, and `signature = hmac_sha256(secret, challenge)`. The browser tries
numbers from 0 until the hash matches and sends back base64 JSON `{algorithm, challenge, number, salt, signature}`.
The salt carries `?expires=<unix>&purpose=<purpose>&`; its trailing `&` keeps a solver from moving digits between
the salt and the number to stretch the expiry (CVE-2025-68113).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from typing import Any

ALGORITHM = "SHA-256"
Clock = Callable[[], float]


class ProofError(Exception):
    """A proof that does not open a conversation; `code` says which way, the message what to do."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Challenge:
    algorithm: str
    challenge: str
    maxnumber: int
    salt: str
    signature: str

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


class ProofOfWork:
    """Issues challenges and verifies solutions; `use` remembers a solved one until it expires."""

    def __init__(
        self,
        secret: bytes,
        *,
        use: Callable[[str, float], Awaitable[bool]],
        maxnumber: int = 250_000,
        expires_s: int = 600,
        clock: Clock = time.time,
    ) -> None:
        self._secret = secret
        self._use = use
        self.maxnumber = maxnumber
        self.expires_s = expires_s
        self._clock = clock

    def issue(self, purpose: str, *, maxnumber: int | None = None) -> Challenge:
        """A challenge of at most `maxnumber` tries (the calm setting unless pressure raised it)."""
        maxnumber = maxnumber or self.maxnumber
        expires = int(self._clock()) + self.expires_s
        salt = f"{secrets.token_hex(12)}?expires={expires}&purpose={purpose}&"
        number = secrets.randbelow(maxnumber + 1)
        challenge = _sha256(salt + str(number))
        return Challenge(ALGORITHM, challenge, maxnumber, salt, self._sign(challenge))

    async def verify(self, proof: str, *, purpose: str) -> None:
        """Accept a solution once; raise ProofError for one malformed, forged, expired, for another purpose or used."""
        solution = _decode(proof)
        salt, number = solution["salt"], solution["number"]
        computed = _sha256(salt + str(number))
        # Both comparisons run in constant time, and both always run, so timing tells nothing of which failed.
        matches = hmac.compare_digest(computed, solution["challenge"])
        signed = hmac.compare_digest(self._sign(solution["challenge"]), solution["signature"])
        if not (matches and signed):
            raise ProofError("forged", "This proof of work does not check out: ask for a new challenge and solve it.")
        params = _params(salt)
        if params is None:
            raise ProofError("forged", "This challenge's salt was altered: ask for a new challenge and solve it.")
        if params.get("purpose") != purpose:
            raise ProofError("wrong_purpose", f"This challenge was issued for another use: ask for one with purpose {purpose!r}.")
        expires = params.get("expires", "")
        if not expires.isdigit() or int(expires) <= self._clock():
            raise ProofError("expired", "This challenge has expired: ask for a new one and solve it.")
        if not await self._use(solution["signature"], float(expires)):
            raise ProofError("replayed", "This challenge has been used already: ask for a new one and solve it.")

    def _sign(self, challenge: str) -> str:
        return hmac.new(self._secret, challenge.encode(), hashlib.sha256).hexdigest()


# Below this pressure the proof stays at its calm setting: an ordinary day never makes visitors wait longer.
ADDRESS_CALM_UNTIL = 0.2  # of an address's own limits: its first couple of conversations a minute are calm
GLOBAL_CALM_UNTIL = 0.5  # of the day's budget (a paid model only) or of the overall rate, across addresses


def difficulty(address: float, overall: float = 0.0, *, calm: int, top: int) -> int:
    """The most tries a challenge may take: `calm`, rising geometrically to `top` and never past it.

    Two terms, each 0 to 1, and the harder one wins. `address`: how near the asking address is to its own limits;
    it rises from a fifth, so an address that bursts pays more first. `overall`: the day's spend while a paid model
    answers, or the overall rate counted across addresses; it rises from a half and raises everyone's. Each step of
    a rise costs the same factor more, so `calm` at 250,000 and `top` at 1,000,000 give 500,000 halfway up.
    """
    rise = max(_rise(address, ADDRESS_CALM_UNTIL), _rise(overall, GLOBAL_CALM_UNTIL))
    factor: float = (top / calm) ** rise
    return max(calm, min(top, round(calm * factor)))


def _rise(use: float, calm_until: float) -> float:
    return min(1.0, max(0.0, (use - calm_until) / (1 - calm_until)))


def solve(challenge: Challenge | dict[str, Any], *, start: int = 0) -> str | None:
    """Solve a challenge as a browser does and return the base64 payload to send; for tests, benches and scripts."""
    c = challenge.as_json() if isinstance(challenge, Challenge) else challenge
    for number in range(start, c["maxnumber"] + 1):
        if _sha256(c["salt"] + str(number)) == c["challenge"]:
            return encode({**{k: c[k] for k in ("algorithm", "challenge", "salt", "signature")}, "number": number})
    return None


def encode(solution: dict[str, Any]) -> str:
    return base64.b64encode(json.dumps(solution).encode()).decode()


def _decode(proof: str) -> dict[str, Any]:
    try:
        solution = json.loads(base64.b64decode(proof, validate=True))
    except (binascii.Error, ValueError):
        raise ProofError("malformed", "The proof is not base64 JSON: send what the challenge's solver made.") from None
    shape = {"algorithm": str, "challenge": str, "salt": str, "signature": str}
    if (
        not isinstance(solution, dict)
        or any(not isinstance(solution.get(k), t) for k, t in shape.items())
        or type(solution.get("number")) is not int
        or solution["number"] < 0
    ):
        raise ProofError(
            "malformed", "The proof lacks algorithm, challenge, number, salt or signature: send the solver's payload."
        )
    if solution["algorithm"] != ALGORITHM:
        raise ProofError("malformed", f"Only {ALGORITHM} challenges are issued here: ask for a new one.")
    return solution


def _params(salt: str) -> dict[str, str] | None:
    """The salt's parameters; None unless it ends with `&`, as anything after the last `&` could be a moved digit."""
    if "?" not in salt or not salt.endswith("&"):
        return None
    # Read as written, no percent-decoding: the salts we issue hold plain values, and a salt is only read once
    # its signature has checked out. A key given twice counts for neither.
    found: dict[str, str] = {}
    twice: set[str] = set()
    for pair in salt.split("?", 1)[1][:-1].split("&"):
        key, _, value = pair.partition("=")
        if key in found or key in twice:
            twice.add(key)
            found.pop(key, None)
        else:
            found[key] = value
    return found


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
