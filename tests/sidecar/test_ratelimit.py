"""Rate limits per address, per conversation and overall; the address behind a proxy only when it is trusted."""

from __future__ import annotations

import ipaddress
from dataclasses import replace
from functools import partial

import pytest
from limits.aio.storage import MemoryStorage

from docent.sidecar.ratelimit import Limited, RateLimits, client_address
from docent.sidecar.settings import Settings

BASE = Settings(rate_address="2/minute", rate_conversation="3/hour", rate_overall="4/hour", rate_start="1/minute")


def scope(peer: str, forwarded: str | None = None) -> dict:
    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded else []
    return {"type": "http", "client": (peer, 5000), "headers": headers}


@pytest.mark.anyio
async def test_an_address_gets_its_share_then_a_time_to_wait() -> None:
    limits = RateLimits(BASE, MemoryStorage())
    await limits.question(address="1.2.3.4", conversation="a")
    await limits.question(address="1.2.3.4", conversation="b")
    with pytest.raises(Limited) as limited:
        await limits.question(address="1.2.3.4", conversation="c")
    assert limited.value.scope == "address"
    assert 1 <= limited.value.retry_after <= 60
    wait = limited.value.retry_after
    assert "from your address" in limited.value.message
    assert limited.value.message.endswith(f"try again in {wait} {'second' if wait == 1 else 'seconds'}.")
    await limits.question(address="5.6.7.8", conversation="d")  # another address is not held back


def test_one_second_to_wait_is_said_in_the_singular() -> None:
    assert Limited("address", 1).message.endswith("try again in 1 second.")
    assert Limited("address", 2).message.endswith("try again in 2 seconds.")


@pytest.mark.anyio
async def test_a_conversation_and_the_whole_guide_have_limits_of_their_own() -> None:
    limits = RateLimits(replace(BASE, rate_address="100/minute"), MemoryStorage())
    for i in range(3):
        await limits.question(address=f"10.0.0.{i}", conversation="same")
    with pytest.raises(Limited) as limited:
        await limits.question(address="10.0.0.9", conversation="same")
    assert limited.value.scope == "conversation"
    with pytest.raises(Limited) as limited:
        await limits.question(address="10.0.0.10", conversation="other")  # the fourth passes the guide...
        await limits.question(address="10.0.0.11", conversation="third")  # ...the fifth does not
    assert limited.value.scope == "overall"


@pytest.mark.anyio
async def test_starting_conversations_is_limited_per_address() -> None:
    limits = RateLimits(BASE, MemoryStorage())
    await limits.start(address="1.2.3.4")
    with pytest.raises(Limited) as limited:
        await limits.start(address="1.2.3.4")
    assert limited.value.scope == "start"


def test_proxy_headers_are_ignored_unless_the_proxy_is_trusted() -> None:
    assert client_address(scope("10.0.0.1", "203.0.113.9"), ()) == "10.0.0.1"
    trusted = (ipaddress.ip_network("10.0.0.0/8"),)
    assert client_address(scope("10.0.0.1", "203.0.113.9"), trusted) == "203.0.113.9"
    assert client_address(scope("198.51.100.7", "203.0.113.9"), trusted) == "198.51.100.7"


def test_a_forged_hop_before_the_trusted_proxies_does_not_win() -> None:
    trusted = (ipaddress.ip_network("10.0.0.0/8"),)
    # The client wrote "1.1.1.1" itself; the proxy appended the address it saw.
    assert client_address(scope("10.0.0.1", "1.1.1.1, 203.0.113.9, 10.0.0.2"), trusted) == "203.0.113.9"


def test_ipv6_clients_are_limited_by_their_64_block() -> None:
    one = client_address(scope("2001:db8:1:2::1"), ())
    two = client_address(scope("2001:db8:1:2:ffff::9"), ())
    assert one == two == "2001:db8:1:2::/64"
    assert client_address(scope("::ffff:192.0.2.1"), ()) == "192.0.2.1"


@pytest.mark.anyio
async def test_a_questions_limits_in_one_round_trip_count_as_limits_own_sliding_windows(redis_url: str) -> None:
    """The one script (RedisStore.limit_hits), and the same counted in the take's own step (RedisStore.take), against
    `limits`' own strategy, hit for hit, on three Redis databases."""
    from docent.sidecar.redis_store import RedisStore, connect

    settings = replace(BASE, rate_address="5/minute", rate_conversation="2/minute", rate_overall="12/minute")  # share: 1
    one, taking, other = (RedisStore(connect(redis_url.rsplit("/", 1)[0] + f"/{n}")) for n in range(3))
    for store in (taking, other):
        await store.client.flushdb()
    batched = RateLimits(settings, one.limiter_storage, batch=one.limit_hits)
    taken = RateLimits(settings, taking.limiter_storage, batch=taking.limit_hits)
    plain = RateLimits(settings, other.limiter_storage)
    tokens = {f"c{n}": (await taking.create()).token for n in range(10)}
    asked = [(f"10.0.0.{n % 5}", f"c{n % 8}") for n in range(40)] + [("10.0.0.9", "c9")] * 3

    async def outcomes(limits: RateLimits) -> list[str]:
        said = []
        for address, conversation in asked:
            try:
                if limits is taken:  # the conversation's limit is keyed by its token, as the app has it
                    token = tokens[conversation]
                    got = await limits.admit(address=address, conversation=token, take=partial(taking.take, token))
                    assert not isinstance(got, str)
                    await got[0].release()
                else:
                    await limits.question(address=address, conversation=conversation)
                said.append("passed")
            except Limited as exc:
                said.append(f"{exc.scope} {exc.retry_after > 0}")
        return said

    try:
        expected = await outcomes(plain)
        assert await outcomes(batched) == expected
        assert await outcomes(taken) == expected
        assert {"passed", "address True", "conversation True", "overall True"} <= set(expected)
        for limits in (batched, plain):  # the windows each leaves behind, as `limits` reads them
            assert await limits.pressure("10.0.0.1") == await plain.pressure("10.0.0.1")
        for address in ("10.0.0.1", "10.0.0.9"):
            assert await taken.pressure(address) == await plain.pressure(address)
        # A question refused by a limit takes no lease: its conversation is free for the next one.
        assert await taking.client.exists(f"docent:lease:{tokens['c9']}") == 0
    finally:
        for store in (one, taking, other):
            await store.aclose()


@pytest.mark.parametrize("rates", [("5/minute", "2/minute", "12/minute"), ("100000000/second", "3 per 2 hours", "7/day")])
def test_a_questions_limits_are_keyed_as_limits_keys_them(rates: tuple[str, str, str]) -> None:
    """The keys put together from each limit's fixed parts are `limits`' own `key_for`, with its expiry."""
    address, conversation, overall = rates
    limited = RateLimits(replace(BASE, rate_address=address, rate_conversation=conversation, rate_overall=overall), MemoryStorage())
    for who, token in (("10.0.0.1", "abc"), ("2001:db8:1:2::/64", "x/y z"), ("", "")):
        assert limited._hits(who, token) == [
            (item.key_for(scope, key), item.amount, item.get_expiry(), mode) for item, scope, key, mode in limited._steps(who, token)
        ]
