"""The proof of work's server side, ours (sidecar/proof.py) beside the format's own library (`altcha` on PyPI):
microseconds to issue a challenge and to verify a solution, each averaged over 2,000, the median of five runs
taken in turn (so that a busy machine slows both alike).

Ours verifies more per call (the purpose, single use, constant-time comparisons), so equal figures favour it.
"""

from __future__ import annotations

import asyncio
import datetime
import statistics
import time

import altcha

from docent.sidecar.proof import ProofOfWork, solve

ROUNDS = 2_000
SECRET = b"a bench secret of some length, 32+"


def run() -> dict[str, float]:
    async def use(key: str, until: float) -> bool:
        return True

    ours = ProofOfWork(SECRET, use=use, maxnumber=50)
    options = altcha.ChallengeOptionsV1(
        max_number=50, hmac_key=SECRET, expires=datetime.datetime.now() + datetime.timedelta(minutes=10),
        params={"purpose": "guide"},
    )
    payloads = [solve(ours.issue("guide")) for _ in range(ROUNDS)]

    def issue_ours() -> None:
        for _ in range(ROUNDS):
            ours.issue("guide")

    def issue_altcha() -> None:
        for _ in range(ROUNDS):
            altcha.create_challenge_v1(options)

    async def verify_ours() -> None:
        for payload in payloads:
            await ours.verify(payload, purpose="guide")

    def verify_altcha() -> None:
        for payload in payloads:
            ok, _ = altcha.verify_solution_v1(payload, SECRET)
            assert ok

    work = {
        "proof_issue_us": issue_ours,
        "proof_issue_altcha_us": issue_altcha,
        "proof_verify_us": lambda: asyncio.run(verify_ours()),
        "proof_verify_altcha_us": verify_altcha,
    }
    runs: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(5):
        for name, task in work.items():
            runs[name].append(_per_round(task))
    return {name: statistics.median(times) for name, times in runs.items()}


def _per_round(work) -> float:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    work()
    return (time.perf_counter() - started) / ROUNDS * 1e6


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key}  {value:.2f}")
