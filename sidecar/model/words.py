"""The words of a text that carry its meaning, for matching a question: stop words dropped, the rest lightly stemmed."""

from __future__ import annotations

import re

STOPWORDS = frozenset(
    """a about above after again all also am an and any anything are as at be been before being both but by can
    could did do does doing done during each either ever for from had has have having he her here him his how i if
    in into is it its just know knows me more most much my no nor not of on or other our out over own please same
    say says she should site so some something such tell than that the their them then there these they this those
    through to too under until up very was we were what when where which while who whom why will with would you
    your yours actually really just stuff thing things anything everything don doesn didn isn wasn aren weren
    haven hasn couldn wouldn shouldn us anyone anybody someone somebody everyone everybody""".split()
)
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9+#]*")
# Common verbs whose past is not "-ed": "How did she find it?" asks what "How I found it" tells. Each past form is
# read as its verb, on both sides, so the question and the record meet.
IRREGULAR = {
    "found": "find", "built": "build", "led": "lead", "wrote": "write", "written": "write", "ran": "run",
    "took": "take", "taken": "take", "chose": "choose", "chosen": "choose", "made": "make", "taught": "teach",
    "brought": "bring", "thought": "think", "spent": "spend", "sent": "send", "began": "begin", "begun": "begin",
    "became": "become", "came": "come", "went": "go", "gone": "go", "saw": "see", "seen": "see", "knew": "know",
    "known": "know", "grew": "grow", "grown": "grow", "held": "hold", "met": "meet", "paid": "pay", "sold": "sell",
    "told": "tell", "understood": "understand", "won": "win", "drew": "draw", "fell": "fall", "fallen": "fall",
    "felt": "feel", "fought": "fight", "lost": "lose", "meant": "mean", "rose": "rise", "risen": "rise",
    "spoke": "speak", "spoken": "speak", "stood": "stand", "threw": "throw", "thrown": "throw", "kept": "keep",
    "left": "leave", "gave": "give", "given": "give", "got": "get", "rebuilt": "rebuild", "rewrote": "rewrite",
    "caught": "catch", "bought": "buy", "sought": "seek", "hired": "hire", "studied": "study",
}
FORMS: dict[str, frozenset[str]] = {}  # a verb -> its irregular past forms, to ask the record for them too
for _past, _verb in IRREGULAR.items():
    FORMS[_verb] = FORMS.get(_verb, frozenset()) | {_past}


def stem(word: str) -> str:
    w = word.lower()
    w = IRREGULAR.get(w, w)
    if w.endswith(("sses", "xes", "ches", "shes", "zes")):
        return w[:-2]  # "-es" only where the plural needed it: "cases" is "case", "boxes" is "box"
    for suffix, repl in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("s", ""), ("ly", "")):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and not w.endswith("ss"):
            w = w[: -len(suffix)] + repl
            break
    # "cause" and "causing" are one word: a final e goes too
    return w[:-1] if w.endswith("e") and len(w) > 4 else w


# "I'd", "she's", "don't": the ending is grammar, not a word ("d" would be the D of "3-D").
CONTRACTION = re.compile(r"(?<=[A-Za-z])['’](?:d|s|ll|re|ve|t|m)\b", re.IGNORECASE)


def terms(text: str) -> list[str]:
    return [stem(w) for w in WORD.findall(CONTRACTION.sub("", text)) if w.lower() not in STOPWORDS]
