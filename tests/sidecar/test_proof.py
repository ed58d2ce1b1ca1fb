"""The proof of work: a real challenge solved here, then forged, expired, replayed and misdirected ones refused."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable

import pytest

from docent.sidecar.proof import ALGORITHM, ProofError, ProofOfWork, encode, solve
from docent.sidecar.store import MemoryStore

from ..clock import Clock


def make(clock: Clock, *, secret: bytes = b"secret of the server", maxnumber: int = 300) -> ProofOfWork:
    store = MemoryStore(clock=clock, wall_clock=clock)
    return ProofOfWork(secret, use=store.use_challenge, maxnumber=maxnumber, expires_s=600, clock=clock)


def decoded(proof: str) -> dict:
    return json.loads(base64.b64decode(proof))


def test_a_challenge_is_altcha_v1_with_expiry_and_purpose_in_a_salt_ending_with_an_ampersand() -> None:
    clock = Clock()
    challenge = make(clock).issue("guide").as_json()
    assert challenge["algorithm"] == ALGORITHM == "SHA-256"
    assert challenge["maxnumber"] == 300
    assert challenge["salt"].endswith(f"?expires={int(clock.now) + 600}&purpose=guide&")
    assert len(challenge["challenge"]) == len(challenge["signature"]) == 64


@pytest.mark.anyio
async def test_a_solved_challenge_opens_once_and_is_refused_when_presented_again() -> None:
    pow_ = make(Clock())
    proof = solve(pow_.issue("guide"))
    assert proof is not None
    await pow_.verify(proof, purpose="guide")
    with pytest.raises(ProofError) as refused:
        await pow_.verify(proof, purpose="guide")
    assert refused.value.code == "replayed"
    assert "new one" in refused.value.message


@pytest.mark.parametrize(("used", "seconds"), [
    pytest.param(True, 601, id="a used challenge is forgotten only after it expires: expired, not replayed"),
    pytest.param(False, 600, id="an unused challenge at its expiry"),
])
@pytest.mark.anyio
async def test_an_expired_challenge_is_refused(used: bool, seconds: int) -> None:
    clock = Clock()
    pow_ = make(clock)
    proof = solve(pow_.issue("guide"))
    if used:
        await pow_.verify(proof, purpose="guide")
    clock.now += seconds
    with pytest.raises(ProofError) as refused:
        await pow_.verify(proof, purpose="guide")
    assert refused.value.code == "expired"


@pytest.mark.anyio
async def test_a_challenge_signed_with_another_secret_is_forged() -> None:
    clock = Clock()
    theirs = make(clock, secret=b"someone else's secret")
    proof = solve(theirs.issue("guide"))
    with pytest.raises(ProofError) as refused:
        await make(clock).verify(proof, purpose="guide")
    assert refused.value.code == "forged"


@pytest.mark.parametrize(
    "changed",
    [
        pytest.param(lambda solution: {"number": solution["number"] + 1}, id="a wrong number"),
        pytest.param(lambda solution: {"salt": solution["salt"].replace("expires=", "expires=9")},
                     id="a salt with a stretched expiry"),
    ],
)
@pytest.mark.anyio
async def test_a_solution_changed_after_solving_is_forged(changed: Callable[[dict], dict]) -> None:
    pow_ = make(Clock())
    solution = decoded(solve(pow_.issue("guide")))
    with pytest.raises(ProofError) as refused:
        await pow_.verify(encode({**solution, **changed(solution)}), purpose="guide")
    assert refused.value.code == "forged"


@pytest.mark.anyio
async def test_digits_moved_from_the_number_into_the_salt_cannot_stretch_the_expiry() -> None:
    # CVE-2025-68113: without the trailing "&", salt "...expires=17" + number "23" hashes as "...expires=172" + "3".
    clock = Clock()
    pow_ = make(clock)
    solution = next(s for s in (decoded(solve(pow_.issue("guide"))) for _ in range(200)) if s["number"] >= 10)
    digits = str(solution["number"])
    moved = {**solution, "salt": solution["salt"] + digits[:-1], "number": int(digits[-1])}
    with pytest.raises(ProofError) as refused:
        await pow_.verify(encode(moved), purpose="guide")
    assert refused.value.code == "forged"  # a salt must end with "&"
    await pow_.verify(encode(solution), purpose="guide")  # the honest one still opens


@pytest.mark.anyio
async def test_a_challenge_for_another_purpose_is_refused() -> None:
    pow_ = make(Clock())
    proof = solve(pow_.issue("fit-check"))
    with pytest.raises(ProofError) as refused:
        await pow_.verify(proof, purpose="guide")
    assert refused.value.code == "wrong_purpose"


@pytest.mark.parametrize(
    "proof",
    [
        "not base64!",
        base64.b64encode(b"not json").decode(),
        base64.b64encode(b"[1, 2]").decode(),
        encode({"algorithm": "SHA-256", "challenge": "a", "salt": "b", "signature": "c", "number": "7"}),
        encode({"algorithm": "SHA-256", "challenge": "a", "salt": "b", "signature": "c", "number": True}),
        encode({"algorithm": "SHA-1", "challenge": "a", "salt": "b", "signature": "c", "number": 7}),
        encode({"algorithm": "SHA-256", "challenge": "a", "salt": "b", "number": 7}),
    ],
)
@pytest.mark.anyio
async def test_a_malformed_proof_is_refused_with_what_to_send(proof: str) -> None:
    with pytest.raises(ProofError) as refused:
        await make(Clock()).verify(proof, purpose="guide")
    assert refused.value.code == "malformed"


def test_the_solver_finds_nothing_for_a_challenge_it_cannot_solve() -> None:
    challenge = make(Clock()).issue("guide").as_json()
    assert solve({**challenge, "challenge": "0" * 64}) is None


# The format's own server library, `altcha` on PyPI, as the oracle: ours writes and reads ALTCHA v1 as it does.


def test_the_altcha_library_verifies_our_challenges_solutions() -> None:
    import altcha

    clock = Clock(__import__("time").time())
    proof = solve(make(clock).issue("guide"))
    assert altcha.verify_solution_v1(proof, b"secret of the server") == (True, None)
    assert altcha.verify_solution_v1(proof, b"another secret")[0] is False


@pytest.mark.anyio
async def test_we_verify_a_challenge_the_altcha_library_made() -> None:
    import datetime

    import altcha

    clock = Clock(__import__("time").time())
    options = altcha.ChallengeOptionsV1(
        max_number=300, hmac_key=b"secret of the server", params={"purpose": "guide"},
        expires=datetime.datetime.fromtimestamp(clock.now + 600),
    )
    made = altcha.create_challenge_v1(options)
    challenge = {"algorithm": made.algorithm, "challenge": made.challenge, "maxnumber": 300, "salt": made.salt,
                 "signature": made.signature}
    proof = solve(challenge)
    assert proof is not None
    await make(clock).verify(proof, purpose="guide")
    with pytest.raises(ProofError) as refused:
        await make(clock).verify(proof, purpose="contact")
    assert refused.value.code == "wrong_purpose"
