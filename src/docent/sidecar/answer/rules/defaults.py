"""The defaults rule (reason `actor`): one option's default told of another ("`timeout` defaults to 30s" where the
cited section's options give `interval` 30s and `timeout` 5s).

Reference pages state each option's default in its row or its own section: a table's row "timeout: Description ...;
Default 5s; Required No", a list item "border-title-align sets the alignment of the title, which defaults to "left"",
or a section titled by the option whose text writes one "Default: False" ("Default value: 1000" too); a default that is
the prose going on ("When not defined, it defaults to the interval value") is no value, and the option's is unknown. A sentence states a default of an option it
writes as inline code: "`X` defaults to V", "`X` is V by default", "By default `X` is V", "Out of the box `X` is (set
to) V", "the default of `X` is V", "it is the `X` option that defaults to V". It is held when the cited sections give
that option another default, and V is the default they give another option (the two told of each other) or V and
theirs are true and false (the switch told the other way round). A value is compared by its first word, quotes and
code marks aside, in lower case ("5s", "true", "2mb").
What it cannot do: a default stated in prose the patterns do not read ("when not defined, it defaults to the interval
value"), an option named without inline code, or a value another option does not have (a figure the number rule
reads); then it lets the sentence through.
"""

from __future__ import annotations

import re

from ..passage import Passage
from ..words import fold
from .types import Hold, Reading, Rule, Verdict
from .verbatim import copied

_NAME = r"`(?P<x>[^`]{2,80})`"
_KIND = r"(?:\s+(?:option|setting|parameter|field|argument|flag|key|property|variable|attribute))?"
_VALUE = r"(?P<v>\"[^\"]{1,40}\"|'[^']{1,40}'|`[^`]{1,40}`|[\w.\-]+)"
_SAID = tuple(re.compile(p, re.IGNORECASE) for p in (
    _NAME + _KIND + r"\s+(?:that\s+|which\s+)?defaults\s+to\s+" + _VALUE,
    _NAME + _KIND + r"\s+(?:is|is\s+set\s+to)\s+" + _VALUE + r",?\s+by\s+default\b",
    r"\bby\s+default,?\s+(?:the\s+)?" + _NAME + _KIND + r"\s+(?:is|is\s+set\s+to)\s+" + _VALUE,
    r"\bout\s+of\s+the\s+box,?\s+(?:the\s+)?" + _NAME + _KIND + r"\s+(?:is|is\s+set\s+to)\s+" + _VALUE,
    r"\bthe\s+default\s+(?:value\s+)?(?:of|for)\s+(?:the\s+)?" + _NAME + _KIND + r"\s+is\s+" + _VALUE,
))
# A row or list item naming its option first ("timeout: Description ...; Default 5s", "- border-title-align sets ...,
# which defaults to "left""), and a section's one "Default: False".
_ROW = re.compile(r"^(?:[-*]\s+)?(?P<x>[\w.\-\[\]]+)(?P<colon>:?)\s.*?\b(?:Default(?:\s+value)?:?|[Dd]efaults\s+to)\s+"
                  r"(?P<v>\"[^\"]{1,40}\"|'[^']{1,40}'|[^\s;,]+)")
_CODE_LIKE = re.compile(r"[-_.\[\]]|[a-z][A-Z]")  # a row's name with no colon is code: "border-title-align sets ..."
_DEFAULT = re.compile(r"\bDefault(?:\s+value)?:\s*(?P<v>\"[^\"]{1,40}\"|'[^']{1,40}'|[^\s;,]+)")
_SWITCH = frozenset(("true", "false"))
_VALUES = _SWITCH | frozenset(("none", "null", "nil"))  # values that are stop words
CUES = frozenset(("default", "defaults", "box"))
_Default = tuple[str, str]  # an option's name, its default (lower case)


def check(sentence: Reading) -> Verdict:
    draft = sentence.draft
    if not draft.codes:
        return None
    said = _said(_marked(draft.text, draft.codes))
    if said and _crossed(said, [d for p in sentence.passages for d in p.facts("defaults", _of_passage)]):
        return None if copied(sentence) else Hold("actor")
    return None


RULE: Rule = Rule("actor", check, cited=True, cues=CUES, sure=False)  # unsure: which option a value is told of is a reading


def _crossed(said: list[_Default], theirs: list[_Default]) -> bool:
    for name, value in said:
        own = {v for n, v in theirs if _same(name, n)}
        if not own or value in own:
            continue
        others = {v for n, v in theirs if not _same(name, n)}
        if value in others or (value in _SWITCH and own <= _SWITCH):
            return True
    return False


def _same(a: str, b: str) -> bool:
    """One option's name, whole or by its last dotted part ("metrics.prometheus.addRoutersLabels")."""
    return a == b or a.rsplit(".", 1)[-1] == b.rsplit(".", 1)[-1]


def _value(v: str) -> str:
    return v.strip("\"'`").lower().rstrip(".,")


def _marked(text: str, codes: tuple[str, ...]) -> str:
    """The sentence with its inline code in backticks again, each found in order."""
    out, at = [], 0
    for code in codes:
        found = text.find(code, at)
        if found < 0:
            continue
        out += [text[at:found], "`", code, "`"]
        at = found + len(code)
    return "".join(out) + text[at:]


def _said(text: str) -> list[_Default]:
    return [(m.group("x").lower(), _value(m.group("v"))) for p in _SAID for m in p.finditer(text)]


def _of_passage(passage: Passage) -> tuple[_Default, ...]:
    lines: dict[int, list[str]] = {}  # a row's units joined again: "...; Description ... here.; Default 2MB; ..."
    for k, u in enumerate(passage.units):
        lines.setdefault(passage.lines[k] if k < len(passage.lines) else -k - 1, []).append(u.text)
    rows = [m for texts in lines.values() for m in [_ROW.match(" ".join(texts))]
            if m is not None and (m.group("colon") or _CODE_LIKE.search(m.group("x")))]
    if rows:
        return tuple((m.group("x").lower(), v) for m in rows for v in [_value(m.group("v"))] if _stated(v))
    stated = [m for u in passage.units for m in _DEFAULT.finditer(u.text)]
    title = passage.title.text.strip("`").lower()
    value = _value(stated[0].group("v")) if len(stated) == 1 else ""
    return ((title, value),) if title and _stated(value) else ()


def _stated(value: str) -> bool:
    """Whether a section's default is a value, not the prose it goes on in: "defaults to the interval value", "Default
    value: 1000" read past "value", "it defaults to" and nothing."""
    return bool(value) and not value.endswith(":") and (value in _VALUES or not value.isalpha() or fold(value) is not None)
