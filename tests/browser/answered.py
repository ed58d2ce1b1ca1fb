"""What a reader needs of an answer on a real site, asked of the panel's transcript: the gold fact's words in it, the
right page's section cited, the right code shown in a block that copies it. The tests that ask the embedded model on a
real site state these rather than its exact sentences or the record's exact quote, which a change to search or to the
record moves while the answer stays as good (round 32 reverted two good changes for tests that pinned them)."""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from playwright.sync_api import Locator, Page

CODE = "figure.docent-code"
COPY = re.compile(r"^Copy")  # the code block's button, named for its language ("Copy the python code")

# The log's last answer's own words, in order: its sentences' and cells' text and its code, not its citations' page
# names; nothing where there is no answer.
WORDS = """(log) => {
  const answer = [...log.querySelectorAll(".docent-answer")].pop();
  const words = answer ? answer.querySelectorAll(".docent-text, figure.docent-code pre") : [];
  return [...words].map((e) => e.textContent).join("\\n");
}"""
# A code block's code, or nothing where it shows none.
CODE_TEXT = "(figure) => [...figure.querySelectorAll('pre')].map((e) => e.textContent).join('\\n')"


def _answer(log: Locator) -> Locator:
    return log.locator(".docent-answer").last


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


def opens(link: Locator) -> tuple[str, str]:
    """Where a citation opens: its page's path and its section's id ("/api-guide/pagination/", "setting-the-...")."""
    parts = urlsplit(link.get_attribute("href") or "")
    return parts.path, unquote(parts.fragment.split(":~:")[0])


def directs(link: Locator) -> str:
    """The citation's quote, which its link's first text directive (`#id:~:text=start,end`, what a browser opened in a
    new tab highlights) must open and close, its words as the quote's (spacing folded); the quote returned."""
    quote = link.get_attribute("data-docent-quote") or ""
    fragment = urlsplit(link.get_attribute("href") or "").fragment
    directive = next((d[len("text="):] for d in fragment.partition(":~:")[2].split("&") if d.startswith("text=")), "")
    assert quote and directive, f"no quote or no text directive: {quote!r}, {fragment!r}"
    start, _, end = (unquote(part) for part in directive.partition(","))
    words = " ".join(quote.split())
    assert words.startswith(start) and words.endswith(end), (start, end, words)
    return quote


def _listed(links: Locator) -> list[str]:
    return ["{}#{}".format(*opens(links.nth(i))) for i in range(links.count())]


def says(log: Locator, *facts: str | tuple[str, ...]) -> str:
    """The last answer's words (its sentences and its code; case and spacing folded), which must hold each fact's; a
    fact the site words in several ways is a tuple of them, any one enough."""
    text = _folded(str(log.evaluate(WORDS)))
    missing = [f for f in facts if not any(_folded(way) in text for way in ((f,) if isinstance(f, str) else f))]
    assert not missing, f"the answer lacks {missing}: {text!r}"
    return text


def cites(log: Locator, path: str, section: str | None = None) -> Locator:
    """The last answer's first citation that opens the page at `path` (its end: "/api-guide/pagination/"), at
    `section` (its id) where one is named."""
    links = _answer(log).locator("a.docent-cite")
    for i in range(links.count()):
        at, named = opens(links.nth(i))
        if at.endswith(path) and section in (None, named):
            return links.nth(i)
    raise AssertionError(f"no citation of {path}#{section or '*'} in the answer: {_listed(links)}")


def shows_code(log: Locator, *facts: str, path: str, section: str | None = None) -> Locator:
    """The citation of the last answer's first code block that holds each fact's words and is cited to the page at
    `path` (at `section` where named); the block shows a copy button."""
    figures = _answer(log).locator(CODE)
    seen = []
    for i in range(figures.count()):
        figure = figures.nth(i)
        code = str(figure.evaluate(CODE_TEXT))
        links = figure.locator("a.docent-cite")
        seen.append((code[:120], _listed(links)))
        if any(_folded(fact) not in _folded(code) for fact in facts):
            continue
        for j in range(links.count()):
            at, named = opens(links.nth(j))
            if at.endswith(path) and section in (None, named):
                assert figure.get_by_role("button", name=COPY).is_visible(), "the code shows no copy button"
                return links.nth(j)
    raise AssertionError(f"no code holding {list(facts)} cited to {path}#{section or '*'} in the answer: {seen}")


def figure_of(link: Locator) -> Locator:
    """The code block a citation of code stands in."""
    return link.locator("xpath=ancestor::figure[contains(@class, 'docent-code')]")


def copied(page: Page, figure: Locator) -> str:
    """What the visitor's clipboard holds after pressing the code block's copy button ("Copied" said)."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(page.url))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    button = figure.get_by_role("button", name=COPY)
    button.click()
    page.wait_for_function("(b) => b.textContent === 'Copied'", arg=button.element_handle(), timeout=5_000)
    return str(page.evaluate("() => navigator.clipboard.readText()"))
