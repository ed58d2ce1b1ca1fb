"""What round 28's agents note left ("Left"), through the official SDK's client against the real app on loopback, the
record read from a page's HTML by the build's own reader: a page's prose that shows a Markdown mark as text (`*args`,
`__init__`, `[x]`, `<int>`) reached agents unescaped in text presented as Markdown, so read as Markdown it lost its
characters or turned into emphasis and links; a source's `quote` lost its inline code's backticks; a root-absolute
link on a site served under a path (`site_url` https://docs.example.org/kit) was written under that path twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from .agentkit import agent, answering, data, pages_bundle, settings, sidecar

pytestmark = pytest.mark.anyio

STARS = (
    "<h1>Calls</h1><h2 id=\"arguments\">Arguments</h2>"
    "<p>Pass *args and **kwargs through, as __init__ takes them; tick the [x] box and give --size &lt;int&gt; in "
    "bytes. Set <code>max_size=*</code> for no limit.</p>"
    "<ul><li># of retries counts every try but the first.</li></ul>"
)


async def test_marks_the_page_showed_as_text_stay_text(tmp_path: Path) -> None:
    """Read as Markdown, "*args and **kwargs" was emphasis, "__init__" bold, "[x]" a link's words, "<int>" an HTML
    tag (dropped), and an item's "# of retries" a heading: each is now escaped; the inline code is not."""
    bundle = pages_bundle(tmp_path, ("/calls/", "Calls", STARS))
    async with sidecar(settings(tmp_path, bundle=bundle)) as base, agent(base) as session:
        read = data(await session.call_tool("read_section", {"id": "arguments", "blocks": True}))
    assert read["text"] == (
        "Pass \\*args and \\*\\*kwargs through, as \\_\\_init\\_\\_ takes them; tick the \\[x\\] box and give --size "
        "\\<int> in bytes. Set `max_size=*` for no limit.\n- \\# of retries counts every try but the first.")
    assert read["blocks"][0]["text"].startswith("Pass *args and **kwargs")  # the blocks: the record's text, plain


async def test_an_answers_sentence_and_its_sources_quote_are_markdown(tmp_path: Path) -> None:
    """`ask`'s sentence says "*args" as the page shows it, escaped; its source's quote, the record's sentence, keeps
    its inline code in backticks (it was plain: `max_size=*` read as prose) and escapes its prose's marks."""
    bundle = pages_bundle(tmp_path, ("/calls/", "Calls", STARS))
    model, _ = answering("Set `max_size=*` for no limit. [[arguments]]")
    async with sidecar(settings(tmp_path, bundle=bundle), model_factory=lambda _: model) as base, agent(base) as session:
        answer = data(await session.call_tool("ask", {"question": "How do I lift the size limit?"}))
    assert not answer["held"], answer["held"]
    assert [s["text"] for s in answer["sentences"]] == ["Set `max_size=*` for no limit."]
    assert answer["sentences"][0]["sources"][0]["quote"] == "Set `max_size=*` for no limit."


ROOTED = (
    "<h1>Settings</h1><h2 id=\"proxies\">Proxies</h2>"
    "<p>See <a href=\"/kit/deployment/#nginx\">the deployment guide</a>, the <a href=\"/blog/\">blog</a> and "
    "<a href=\"../../elsewhere/\">a page beside the site</a>.</p>"
)


async def test_a_root_absolute_link_is_read_as_the_site_is_served(tmp_path: Path) -> None:
    """The site is served under /kit/: "/kit/deployment/" is its page "/deployment/" (it was written
    https://docs.example.org/kit/kit/deployment/), and "/blog/" or a link climbing out of /kit/ is the host's page
    beside the site (it was written under /kit/)."""
    bundle = pages_bundle(tmp_path, ("/settings/", "Settings", ROOTED))
    async with sidecar(settings(tmp_path, bundle=bundle)) as base, agent(base) as session:
        read = data(await session.call_tool("read_section", {"id": "proxies", "blocks": True}))
    assert [link["url"] for link in read["blocks"][0]["links"]] == [
        "https://docs.example.org/kit/deployment/#nginx", "https://docs.example.org/blog/",
        "https://docs.example.org/elsewhere/"]
    assert "[the deployment guide](https://docs.example.org/kit/deployment/#nginx)" in read["text"]


NOTED = (
    "<h1>Calls</h1><h2 id=\"hooks\">Hooks</h2>"
    "<div class=\"admonition note\"><p class=\"admonition-title\">Pass *args to __init__</p>"
    "<p>The hook gets them as they came.</p></div>"
    "<details class=\"tip\"><summary># of hooks</summary><p>Any number.</p></details>"
)


async def test_an_admonitions_title_is_escaped_as_its_prose_is(tmp_path: Path) -> None:
    """An admonition's title stands before its prose on the line agents read as Markdown: "*args to __init__" was
    emphasis and bold there, and a title "# of hooks" a heading. Its marks are escaped as the prose's are; the
    blocks keep the title as the page showed it."""
    bundle = pages_bundle(tmp_path, ("/calls/", "Calls", NOTED))
    async with sidecar(settings(tmp_path, bundle=bundle)) as base, agent(base) as session:
        read = data(await session.call_tool("read_section", {"id": "hooks", "blocks": True}))
    assert read["text"] == ("Pass \\*args to \\_\\_init\\_\\_: The hook gets them as they came.\n"
                            "\\# of hooks: Any number.")
    assert [b["marker"] for b in read["blocks"]] == ["Pass *args to __init__", "# of hooks"]
