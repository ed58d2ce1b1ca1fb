"""What round 27's agents lost on the MCP endpoint (tests/evals/agents-round27-notes.md, "Left"), through the
official SDK's client against the real app on loopback: a link's address ("see the deployment guide" with nowhere to
go), and `ask`'s sentences without the backticks its Markdown answer keeps. The record is read from a page's HTML by
the build's own reader."""

from __future__ import annotations

from pathlib import Path

import pytest

from .agentkit import agent, answering, data, pages_bundle, settings, sidecar

pytestmark = pytest.mark.anyio

PROXIES = (
    "<h1>Settings</h1><h2 id=\"proxies\">Proxies</h2>"
    "<p>Behind Nginx, see the <a href=\"../deployment/#running-behind-nginx\">deployment guide</a> and set "
    "<a href=\"#proxies\"><code>--forwarded-allow-ips</code></a> to the proxy's address.</p>"
    "<p>Retries come from <a href=\"https://github.com/will-ockmore/httpx-retries\">httpx-retries</a>, a package of its own.</p>"
    "<h2 id=\"timeouts\">Timeouts</h2><ul><li><code>--timeout-keep-alive &lt;int&gt;</code> - Close Keep-Alive "
    "connections if no new data is received within this timeout. Default: 5.</li></ul>"
)
NGINX = "<h1>Deployment</h1><h2 id=\"running-behind-nginx\">Running behind Nginx</h2><p>Nginx passes the client's address on.</p>"
DEPLOYMENT = "https://docs.example.org/kit/deployment/#running-behind-nginx"


async def test_search_and_read_section_give_each_links_address_an_agent_can_follow(tmp_path: Path) -> None:
    """"See the deployment guide" reached an agent with nowhere to go, and httpx-retries' links as their words alone:
    each link is now Markdown, a page of the site by its URL on the site, which read_section reads."""
    bundle = pages_bundle(tmp_path, ("/settings/", "Settings", PROXIES), ("/deployment/", "Deployment", NGINX))
    async with sidecar(settings(tmp_path, bundle=bundle)) as base, agent(base) as session:
        found = data(await session.call_tool("search", {"query": "Nginx forwarded allow ips proxy", "k": 1}))["results"]
        assert [hit["id"] for hit in found] == ["proxies"]
        assert found[0]["text"] == (
            f"Behind Nginx, see the [deployment guide]({DEPLOYMENT}) and set "
            "[`--forwarded-allow-ips`](https://docs.example.org/kit/settings/#proxies) to the proxy's address. "
            "Retries come from [httpx-retries](https://github.com/will-ockmore/httpx-retries), a package of its own.")
        followed = data(await session.call_tool("read_section", {"id": DEPLOYMENT}))
        assert followed["id"] == "running-behind-nginx" and followed["text"] == "Nginx passes the client's address on."
        blocks = data(await session.call_tool("read_section", {"id": "proxies", "blocks": True}))["blocks"]
    assert blocks[0]["text"].startswith("Behind Nginx, see the deployment guide and set --forwarded-allow-ips")
    assert blocks[0]["links"] == [{"label": "deployment guide", "url": DEPLOYMENT},
                                  {"label": "--forwarded-allow-ips", "url": "https://docs.example.org/kit/settings/#proxies"}]
    assert blocks[1]["links"] == [{"label": "httpx-retries", "url": "https://github.com/will-ockmore/httpx-retries"}]


async def test_ask_sentences_keep_their_inline_code_marks(tmp_path: Path) -> None:
    """`ask`'s `answer` wrote `--timeout-keep-alive <int>` in backticks and its `sentences` did not: an agent reading a
    sentence could not tell an option's name from the prose. A sentence's `text` is now as `answer` writes it; the
    words the gate judged (and the panel shows) are unchanged."""
    bundle = pages_bundle(tmp_path, ("/settings/", "Settings", PROXIES), ("/deployment/", "Deployment", NGINX))
    text = ("- `--timeout-keep-alive <int>` - Close Keep-Alive connections if no new data is received within this "
            "timeout. [[timeouts]]")
    model, _ = answering(text)
    async with sidecar(settings(tmp_path, bundle=bundle), model_factory=lambda _: model) as base, agent(base) as session:
        answer = data(await session.call_tool("ask", {"question": "How long is a keep-alive connection kept?"}))
    assert not answer["held"], answer["held"]
    keep_alive = ("`--timeout-keep-alive <int>` - Close Keep-Alive connections if no new data is received within this "
                  "timeout.")
    assert [s["text"] for s in answer["sentences"]] == [keep_alive] and answer["answer"] == f"- {keep_alive}"


async def test_ask_gives_the_links_of_the_record_sentences_it_says(tmp_path: Path) -> None:
    """An answer that says "see the deployment guide" gave an agent nowhere to go: a sentence's links, those of the
    record's sentence it says (its source's quote), are now Markdown links in its `text` and in `answer`."""
    bundle = pages_bundle(tmp_path, ("/settings/", "Settings", PROXIES), ("/deployment/", "Deployment", NGINX))
    text = "Behind Nginx, see the deployment guide and set `--forwarded-allow-ips` to the proxy's address. [[proxies]]"
    model, _ = answering(text)
    async with sidecar(settings(tmp_path, bundle=bundle), model_factory=lambda _: model) as base, agent(base) as session:
        answer = data(await session.call_tool("ask", {"question": "How do I run behind Nginx?"}))
    assert not answer["held"], answer["held"]
    first = (f"Behind Nginx, see the [deployment guide]({DEPLOYMENT}) and set "
             "[`--forwarded-allow-ips`](https://docs.example.org/kit/settings/#proxies) to the proxy's address.")
    assert [s["text"] for s in answer["sentences"]] == [first] and answer["answer"] == first
    assert answer["sentences"][0]["sources"][0]["quote"] == first  # its code marked, its links Markdown links too


def test_marks_nest_and_a_links_words_and_address_stay_one_link() -> None:
    """A link around inline code of the same run holds it; marks inside a bold run close before it does; a bracket in
    a link's words (not in its code) is escaped, and an address's spaces and brackets are percent-coded."""
    from docent.schema import Block
    from docent.sidecar.agents.marks import markdown, write

    assert write("Use the Client here.", [(8, 14, "code", "Client"), (8, 14, "link", "/c")]) == "Use the [`Client`](/c) here."
    assert write("Set a timeout now", [(0, 13, "strong", ""), (6, 13, "code", "timeout")]) == "**Set a `timeout`** now"
    block = Block("paragraph", "See [draft] notes and `a[0]` in a b.", code=("`a[0]`",),
                  links=(("[draft] notes", "https://x.org/a (b)"), ("a b", "/p q/")))
    assert markdown(block, "https://docs.example.org").text == (
        "See [\\[draft\\] notes](https://x.org/a%20%28b%29) and `` `a[0]` `` in [a b](https://docs.example.org/p%20q/).")
    # A link whose words are not in the text, or that cut a code span, is left out; the code is still marked.
    cut = Block("paragraph", "Call client.run now.", code=("client.run",), links=(("run now", "/r/"), ("gone", "/g/")))
    assert markdown(cut, "").text == "Call `client.run` now."
