"""Code a question writes, and whether the record writes it: a name it asks about the record lacks is a fact it lacks.

A reader types code as they met it: `thread_minimum_size`, `request.url_for`, `--workers`, `copier.yaml`. The record
may write the same thing in another spelling: a flag's option as an argument (`--skip-if-exists`, `skip_if_exists`),
a file's other extension (`copier.yml`). A name the record writes in none of them is one it lacks, but for a dotted
name that joins the record's own names the reader's way (`typing.Literal`, their `Employee.name`).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from ..answer.words import terms
from .seen import spans, within
from .stack import theirs

# Code as a reader types it into a question: `thread_minimum_size`, `request.url_for`, `.env`, `404.html`,
# `allow_origins=`, `send_denial_response()`. Such a name is the question's key entity: the record writes it as it
# is, or does not have it.
CODE_NAME = re.compile(
    r"(?<![\w.])(?:\.?[A-Za-z_][\w-]*(?:\.[A-Za-z_]\w*(?:-\w+)*)+|\d+\.[A-Za-z]\w*|[A-Za-z]\w*_\w+|\.[A-Za-z]\w+)(?![\w])"
)
_CALL_OR_ARGUMENT = re.compile(r"\s*(?:\(|=)")
# An address ("example.com", "www.example.org") is the visitor's, not code the docs write; "e.g." is no name.
ADDRESS = re.compile(r"(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|co|uk|de|fr|eu|edu|gov|example|local|test|localhost)")
FLAG_WRITTEN = re.compile(r"(?<![\w-])--[A-Za-z][\w-]*[A-Za-z0-9]")  # as a question writes one
# Code a question marks as code: a fence's language (```mermaid), a span (`mkdocs get-deps`); a span's hyphenated words
MARKED = re.compile(r"```([A-Za-z][\w+-]*)|`([^`\n]+)`")
HYPHENATED = re.compile(r"(?<![\w.-])[A-Za-z]\w*(?:-\w+)+")


# A file's extension and its other spelling: `copier.yaml` is the `copier.yml` the docs write.
EXTENSIONS = (("yml", "yaml"), ("htm", "html"), ("jpg", "jpeg"), ("tif", "tiff"), ("md", "markdown"))


def spellings(name: str) -> set[str]:
    """A code name (lower case) and its other spellings: `-` for `_` and back, a setting's leading `_`
    (`_skip_if_exists`), a file's other extension."""
    out = {name, name.replace("_", "-"), name.replace("-", "_")}
    if name[:1].isalpha():
        out |= {"_" + n for n in out}
    for a, b in (*EXTENSIONS, *((b, a) for a, b in EXTENSIONS)):
        out |= {n.removesuffix(f".{a}") + f".{b}" for n in out if n.endswith(f".{a}")}
    return out


def _writes(said: str, name: str, edge: str = r"\w") -> bool:
    """Whether the record's text (lower case) writes a code name in any of its spellings, no `edge` beside it (a flag
    or a hyphenated word: no hyphen either)."""
    return any(re.search(rf"(?<!{edge}){re.escape(n)}(?!{edge})", said) for n in spellings(name))


# A file's name ends so: `script.py`, `404.md` name a file, not the record's code joined the reader's way (`_joined`).
FILE_ENDS = frozenset("py md markdown yml yaml toml json txt html htm cfg ini conf sh js ts css lock env xml csv rst log"
                      .split())


def _joined(name: str, said: str) -> bool:
    """Whether a dotted name the record never writes whole joins what it does write the reader's way: each of its
    parts the record writes (`typing.Literal`, `sqlalchemy.Index`, `search.lang`: an import path, a setting's place),
    or those it lacks are the reader's own classes (capitalised) on which the record's own member is called
    (`Employee.name`, `models.SystemUser.email`). Not a file's name (`script.py`), nor a member the record never
    writes (`table._row_locations.get`: a private part, lower case, it lacks)."""
    parts = name.strip(".").split(".")
    if len(parts) < 2 or parts[-1].lower() in FILE_ENDS or not _writes(said, parts[-1].lower()):
        return False
    return all(part[:1].isupper() for part in parts if not _writes(said, part.lower()))


def _option(code: str, flag: str) -> bool:
    """Whether the record's code writes a flag's option by its name, as an argument or a setting (`data=`, `_data:`) or
    alone in a span: `--data` is the `data` its API and its settings file take."""
    names = "|".join(re.escape(n) for n in spellings(flag.lstrip("-")))
    return bool(re.search(rf"(?<![\w-])(?:{names})(?:\s*[:=]|$)", code, re.MULTILINE))


def code_names(question: str, said: str, *, code: str = "", own: Collection[str] = (), known: Collection[str] = ()
               ) -> tuple[frozenset[str], frozenset[str]]:
    """The code names a question writes (`CODE_NAME`), lower case: those the record's text (`said`, lower case) has
    in one of their spellings (`spellings`; a flag's option also in the record's `code`), and those it never writes (a
    dotted name that joins the record's own names the reader's way is neither: `_joined`). A
    name of the visitor's own ("my_app.py", "in our settings.py") is where they stand, not what they ask about; a name
    written as a call or an argument (`max_header_count=`) is asked about."""
    found: set[str] = set()
    missing: set[str] = set()
    # what the reader saw or set, and code marked after another tool's name ("like Poetry's `--no-root --sync`")
    given = spans(question) + [m.span() for m in MARKED.finditer(question) if theirs(question[: m.start()], known)]
    for m in CODE_NAME.finditer(question):
        name = _asked(question, m, given, own=own, known=known)
        if name is None:
            continue
        if _writes(said, name):
            found.add(name)
        elif not _joined(m.group().rstrip("."), said):
            missing.add(name)
    written = _flags_and_marked(question, said, code.lower(), given, known)
    return frozenset(found | {n for n, p in written.items() if p}), frozenset(missing | {n for n, p in written.items() if not p})


def _asked(question: str, m: re.Match[str], given: list[tuple[int, int]], *, own: Collection[str],
           known: Collection[str]) -> str | None:
    """The code name `m` matched, lower case, where the question asks about it; None where it is what the reader saw
    or set, no name of code, the reader's own, another tool's, or words the site itself uses for it (`own`)."""
    name = m.group().lower().rstrip(".")
    if within(m.span(), given):
        return None  # what the reader saw or set: `--log-config logging.yaml`, `src/package_name`
    if "." not in name and "_" not in name or ADDRESS.fullmatch(name) or name.startswith(("my", ".my")):
        return None
    if all(len(piece) <= 1 for piece in re.split(r"[._]", name.strip("."))):  # "e.g", "i.e"
        return None
    before = question[: m.start()].rstrip().lower()
    if before.endswith(("my", "our")) and not _CALL_OR_ARGUMENT.match(question, m.end()):
        return None
    if theirs(question[: m.start()], known):  # "like Poetry's virtualenvs.in-project": another tool's
        return None
    return None if set(terms(name)) <= set(own) else name


def _flags_and_marked(question: str, said: str, code: str, given: list[tuple[int, int]], known: Collection[str]
                      ) -> dict[str, bool]:
    """The flags and the code marked as code (`MARKED`) a question writes outside `given`, lower case, each with
    whether the record's text (`said`) writes it. A flag the record writes (`--workers`) is its code: the sentence that
    writes it says what is asked; one it never writes (`serve --dirty`) is a thing named that the record lacks."""
    flags = [m.group() for m in FLAG_WRITTEN.finditer(question)
             if not within(m.span(), given) and not theirs(question[: m.start()], known)]
    marked = [name for m in MARKED.finditer(question) if not within(m.span(), given)
              for name in ([m.group(1)] if m.group(1) else HYPHENATED.findall(m.group(2)))]
    return {n.lower(): _writes(said, n.lower(), r"[\w-]") or n.startswith("--") and _option(code, n.lower()) for n in flags + marked}

