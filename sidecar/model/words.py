"""The words of a text that carry its meaning, for matching a question: stop words dropped, the rest lightly stemmed."""

from __future__ import annotations

import re

STOPWORDS = frozenset(
    """a about above after again all also am an and any anything are as at be been before being both but by can
    could did do does doing done during each either ever for from had has have having he her here him his how i if
    in into is it its just know knows me more most much my no nor not of on or other our out over own please same
    say says she should site so some something such tell than that the their them then there these they this those
    through to too under until up very was we were what when where which while who whom why will with would you
    your yours actually really just stuff thing things anything everything""".split()
)
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9+#]*")


def stem(word: str) -> str:
    w = word.lower()
    if w.endswith(("sses", "xes", "ches", "shes", "zes")):
        return w[:-2]  # "-es" only where the plural needed it: "cases" is "case", "boxes" is "box"
    for suffix, repl in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("s", ""), ("ly", "")):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and not w.endswith("ss"):
            w = w[: -len(suffix)] + repl
            break
    # "cause" and "causing" are one word: a final e goes too
    return w[:-1] if w.endswith("e") and len(w) > 4 else w


def terms(text: str) -> list[str]:
    return [stem(w) for w in WORD.findall(text) if w.lower() not in STOPWORDS]
