"""The record's sentences worth quoting: no tables flattened into figures, no code, no citations of their own."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import groupby
from types import MappingProxyType

from docent.schema import Block, RecordSection, flat

from ..answer.sentences import SentenceSplitter
from .voice import coded

MAX_WORDS = 45
LABELLED = re.compile(r"[A-Za-z]\w*:\s+\S+")  # "default: 'docs'": a value stated under its label
MIN_CLAUSE_WORDS = 8
CLAUSE_END = re.compile(r"[:;](?=\s)")
FIGURE_RUN = 4  # figures in a row: the cells of a table, not a sentence
PROSE = ("paragraph", "admonition")
# A paragraph that says only that code follows ("Example:", "For example:"), no line that leads into it: the sentence
# before it does. Not such a label after a sentence in its own paragraph ("Now it is possible to cross-reference
# installer's items. For example:"): that sentence says a fact of its own, and a line that leads into code is never
# said without its code.
LABEL = re.compile(r"[\W_]*[A-Za-z]+(?:\s+[A-Za-z]+)?\s*:")


def split(text: str) -> list[str]:
    """A text's sentences, cut as the gate cuts the guide's own (`sentences.SentenceSplitter`): never inside brackets,
    a quotation or inline code, nor after "e.g." or a version's dots."""
    splitter = SentenceSplitter()
    return [str(s) for s in [*splitter.feed(text), *splitter.finish()]]


# What ends a sentence, and what may stand after its end mark ('... "go".', "... (see the docs).").
END_MARKS = (".", "!", "?", ":", ";", "…")
CLOSERS = "\"'”’)]*_"


def ended(text: str) -> str:
    """A sentence with its end mark: a line the record writes without one (an admonition's "Tip: Check the new
    action", a list item, a caption) would run into the sentence said after it ("... action The action creates ...")."""
    text = text.rstrip()
    core = text.rstrip(CLOSERS)
    return text if not core or core.endswith(END_MARKS) else text + "."


def cited(told: str, section: RecordSection, *, end: bool = True) -> str:
    """A told sentence with its section's inline code marked, its end mark (`ended`) and its citation. The record's
    text is flat, so the sentences were cut where no code was marked: "... LDAP and Rspamd. setup config dkim will ..."
    is one sentence (a lower-case word follows the stop), but marked, "... Rspamd. `setup config dkim` will ...", the
    gate cuts it in two, and the first part, uncited, would be held. Each part the gate will cut is cited. `end`
    false: a lead that goes on into the list said after it ("The cluster role is needed by"), no end mark added."""
    text = coded(told, inline_code(section))
    text = ended(text) if end else text
    return " ".join(f"{part} [[{section.id}]]" for part in split(text)) or f"{text} [[{section.id}]]"


def _marks(sentence: str) -> list[str]:
    """Markup in a sentence, never prose: a citation, a table's cells, a fence, a directive left unrendered
    (mkdocstrings' `::: package.module`)."""
    return [m for m in ("[[", "|", "```", ":::") if m in sentence]


def _mostly_figures(sentence: str) -> bool:
    """A table flattened into text: more figures than words, or a run of figures with nothing between them
    ("0 % 71 % 14 %"), make no sentence; "from 14 % to 4.2 %" and "1 %, 10 %, 50 %" are prose."""
    tokens = sentence.split()
    figure = [any(c.isdigit() for c in t) or t in {"%", "–", "-"} for t in tokens]
    run = longest = 0
    for is_figure in figure:
        run = run + 1 if is_figure else 0
        longest = max(longest, run)
    return sum(figure) * 2 > len(tokens) or longest >= FIGURE_RUN


def _first_clause(sentence: str) -> str:
    """A sentence too long to say, cut to its first clause where a colon or semicolon ends one that stands alone:
    "I designed the decision service, ...: it reads ..." says "I designed the decision service, ...."."""
    if len(sentence.split()) <= MAX_WORDS:
        return sentence
    m = CLAUSE_END.search(sentence)
    if m is None or not MIN_CLAUSE_WORDS <= len(sentence[: m.start()].split()) <= MAX_WORDS:
        return sentence
    return sentence[: m.start()].rstrip(" ,") + "."


# A list's line ("- cURL", "3. HTTPie") is a sentence only where it says one: enough words, or a full stop.
LIST_LINE = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
ITEM_WORDS = 5
FIGURE = re.compile(r"\d")  # "Retention: 7 days" states a fact in few words


def _said(line: str) -> str:
    """A list line as a sentence, its marker gone; "" for a bare name or phrase ("cURL", "Setting a timeout")."""
    text = LIST_LINE.sub("", line).strip().rstrip(",;").rstrip()  # an item's own ";" ends it: no ";." said
    words = len(text.split())
    if words >= ITEM_WORDS or words >= 3 and (text.endswith((".", "!", "?")) or ":" in text or FIGURE.search(text)):
        return text if text.endswith((".", "!", "?", ":")) else text + "."  # it ends where the line does
    return ""


def _lines(text: str) -> list[str]:
    """A flat text's lines, each list line only where it says a sentence (its marker gone)."""
    lines = (_said(line) if LIST_LINE.match(line) else line for line in text.split("\n"))
    return [line for line in lines if line.strip()]


# A code block's caption, its file's name, that the flat text runs onto the end of the block before the code ("For
# example: copier.yml", "... set to a constant location: Dockerfile"): it names the code and says nothing.
CAPTION = re.compile(r"(?:^|(?<=[:.!?]))\s*(?:(?:[\w.-]+/)*[\w.-]*\w\.[A-Za-z]\w{0,5}|[A-Z][a-z]+file)\s*$")


def block_said(blocks: Sequence[Block], j: int) -> str:
    """Block `j`'s words as an answer says them: an admonition after its title where the title is its kind ("Note:
    ...", "Warning: ...") or a sentence ("Can the author have multiple templates in a single repo?"), never glued on
    as a label where it is a heading of its own ("Validation and conditional choices: A choice can be ..."); before a
    code block, without the code's caption (`CAPTION`)."""
    block = blocks[j]
    heading = block.kind == "admonition" and len(block.marker.split()) > 1 and not block.marker.endswith((".", "?", "!"))
    text = block.text if heading else flat([block])
    if j + 1 < len(blocks) and blocks[j + 1].kind == "code":
        text = CAPTION.sub("", text)
    return text.strip()


def caption(blocks: Sequence[Block], j: int) -> bool:
    """Whether block `j` is a code block's caption alone ("Dockerfile" between "... across builds:" and its code)."""
    return blocks[j].kind in PROSE and j + 1 < len(blocks) and blocks[j + 1].kind == "code" and not block_said(blocks, j)


def _unled(blocks: Sequence[Block], j: int) -> str:
    """Block `j`'s words (`block_said`) less a last sentence that goes on into the list after it ("The ClusterRole is
    required for" before its items): half a sentence alone, it is said with its items (`listed`)."""
    text = block_said(blocks, j)
    if blocks[j].kind != "paragraph" or j + 1 == len(blocks) or blocks[j + 1].kind != "item" or not goes_on(text):
        return text
    return " ".join(split(text)[:-1])


def _prose(section: RecordSection) -> list[str]:
    """The section's text to split into sentences: each run of blocks but code (splitting never enters a code
    block) and headings (a page's title, "Getting Started with MkDocs", a tab's label: no sentence, and said before
    the paragraph under it they read as one, "Getting Started with MkDocs An introductory tutorial!"), list items one
    by one, table rows never; a section from a bundle without blocks, its text's lines."""
    if not section.blocks:
        return _lines(section.text)
    out: list[str] = []
    blocks = section.blocks
    for kind, run in groupby(range(len(blocks)), key=lambda j: blocks[j].kind if blocks[j].kind in ("code", "heading")
                             else "line" if blocks[j].kind in ("item", "row", "term") else "prose"):
        if kind == "prose":  # each paragraph apart: a caption ("main.py") is no part of the sentence after it
            out += [text for j in run if (text := _unled(blocks, j))]
        elif kind == "line":  # a table's rows are figures in columns, never sentences
            out += [line for line in (_said(blocks[j].text) if blocks[j].kind == "item" else blocks[j].text
                                      for j in run if blocks[j].kind != "row") if line]
    return out


def quotes(section: RecordSection) -> list[str]:
    """A section's sentences worth saying, in order: never a bare list line, a table's figures, code, or a line that
    only leads into what follows it ("... for serving files in a given directory:"), which says nothing alone."""
    return [s for s in _sentences(section) if _worth(s)]


def _sentences(section: RecordSection) -> Iterator[str]:
    """A section's prose (`_prose`) split into sentences, each its first clause (`_first_clause`)."""
    return (_first_clause(s.strip()) for text in _prose(section) for s in split(text))


def _worth(sentence: str) -> bool:
    """Whether a sentence is worth saying alone (`quotes`)."""
    return ((3 <= len(sentence.split()) <= MAX_WORDS or LABELLED.fullmatch(sentence) is not None)
            and not _marks(sentence) and not _mostly_figures(sentence) and not sentence.endswith(":"))


def with_leads(section: RecordSection) -> list[str]:
    """`quotes`, and the lines that lead into code (`leads`), each in its place in the record's order: "Uvicorn is
    available on PyPI so installation is as simple as:" before "The above will install Uvicorn with ..."."""
    led = leads(section)
    said = [s for s in _sentences(section) if s in led or _worth(s)]
    return said + [line for line in led if line not in said]


LIST_ITEMS = 5  # a list this short is said whole where one of its items answers: "From the .env file." alone is no answer


def listed(section: RecordSection, sentence: str) -> list[str]:
    """`sentence`, or, where it is an item of a short list ("The order in which ... is read: - From an environment
    variable. - From the .env file."), the sentence that leads into the list and the list's items in order: an item
    alone drops the order and the lead that give it its sense. An item that goes on from its lead ("The ClusterRole is
    required for" before "- OpenFaaS for Enterprises to manage functions in various namespaces") is said after it in
    any list: alone it is half a sentence."""
    blocks = section.blocks
    for i, block in enumerate(blocks):
        if block.kind == "item" and _said(block.text).rstrip(".") == sentence.rstrip("."):
            return _with_list(blocks, i, sentence)
    # an item's first sentence, said without the rest
    opening = any(b.kind == "item" and _marker(b) == "-" and (first := split(b.text.strip()))
                  and first[0].rstrip(".") == sentence.rstrip(".") for b in blocks)
    return [f"- {sentence}"] if opening else [sentence]


def _with_list(blocks: Sequence[Block], i: int, sentence: str) -> list[str]:
    """The item `blocks[i]` (said as `sentence`) with its lead and its list where the list is short (`listed`)."""
    block = blocks[i]
    start = i
    while start > 0 and blocks[start - 1].kind == "item":
        start -= 1
    end = i
    while end + 1 < len(blocks) and blocks[end + 1].kind == "item":
        end += 1
    # the paragraph's last sentence leads into the list: "Note that:" after "You can use ... token." is no lead,
    # and the sentence before it is said on its own
    lead = split(blocks[start - 1].text.strip())[-1] if start > 0 and blocks[start - 1].kind == "paragraph" else ""
    lead = lead if 3 <= len(lead.split()) <= MAX_WORDS else ""
    items = [f"{_marker(b)} {said}" for b in blocks[start : end + 1] if (said := _said(b.text))]
    if end - start + 1 <= LIST_ITEMS and len(items) >= 2:
        return [lead] * bool(lead.endswith(":") or lead and goes_on(lead)) + items
    if lead and goes_on(lead):
        return [lead, f"{_marker(block)} {sentence}"]
    # an item of a long list said alone is still an item: run into the sentence before it, three of Uvicorn's
    # options ("`--ssl-certfile <path>` - The SSL certificate file.") read as one paragraph
    return [f"- {sentence}" if _marker(block) == "-" and len(items) > 1 else sentence]


def goes_on(lead: str) -> bool:
    """A line that goes on into the list after it, its sentence unfinished: no stop, colon or bracket ends it."""
    return not lead.rstrip().endswith((".", "!", "?", ":", ")", '"', "'", "`"))


# A list's item said whole with its list begins with its marker ("- ", "2. "): the answer lays it out as a list, never
# run on after the line that leads into it ("Basic Script Process: Script determines ...").
ITEM = re.compile(r"(?:-|\d+\.) (?=\S)")


def _marker(block: Block) -> str:
    return block.marker if re.fullmatch(r"\d+\.", block.marker) else "-"


def item(sentence: str) -> tuple[str, str]:
    """A sentence's list marker (`listed`) and its words: ("- ", "From the .env file.") or ("", a sentence)."""
    m = ITEM.match(sentence)
    return (m.group(), sentence[m.end():]) if m else ("", sentence)


# A value stated under its label with no subject ("Default: 'auto'.", "Defaults to 5 seconds.", "Options: 'on', 'off'."):
# it is the value of what its block names first (an option's line) or, a block of its own, of its section's title.
VALUE = re.compile(r"(?:(?:default|options|choices|type|possible values|allowed values)\s*:|defaults?\s+(?:to|is)\b)",
                   re.IGNORECASE)
# A title that names one setting as code writes it ("site_dir", "dev_addr", "--workers"), not a heading in words.
SETTING = re.compile(r"-{0,2}[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+")


# A title that names one option as a command line writes it ("--annotated-tag", "--workers"), or one environment
# variable ("OVERRIDE_HOSTNAME", "DMS_VMAIL_UID").
FLAG = re.compile(r"--?[a-z][a-z0-9]*(?:-[a-z0-9]+)*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")


def named(section: RecordSection, sentence: str) -> str:
    """`sentence` after the name of the option or setting it is said under, where it opens what the section writes of
    that option (the section's first block, under a title that names one, or the block right after a heading inside
    it that does) and does not name it: "Create annotated tags." under "--annotated-tag" is the option's meaning, an
    order to nobody read alone, and the answer says it as the docs' table would, "`--annotated-tag`: Create annotated
    tags." (look32, Commitizen); "Set the log level for DMS." under docker-mailserver's heading "LOG_LEVEL" likewise.
    Else as it is."""
    for j, name in ((j, _name(section, j)) for j, block in enumerate(section.blocks) if block.kind in PROSE):
        if name is None:
            continue
        opening = [_first_clause(s.strip()) for s in split(block_said(section.blocks, j))][:1]
        if opening == [sentence] and not re.search(rf"\b{re.escape(_bare(name))}\b", _bare(sentence)):  # `tag_format`
            return f"`{name}`: {sentence}"
    return sentence


def _name(section: RecordSection, j: int) -> str | None:
    """The option or setting block `j` opens what is written of: the section's title for its first block, a heading's
    text for the block right after it, where either names one (`SETTING`, `FLAG`)."""
    blocks = section.blocks
    name = section.title if j == 0 else blocks[j - 1].text if blocks[j - 1].kind == "heading" else ""
    name = name.strip()
    return name if SETTING.fullmatch(name) or FLAG.fullmatch(name) else None


def _bare(text: str) -> str:
    """A name as code writes it, whichever of "-", "_" or "." joins its words ("--tag-format", `tag_format`)."""
    return re.sub(r"[-.]", "_", text.replace("`", "").lower()).strip("_")


def labelled(section: RecordSection, sentence: str) -> list[str]:
    """`sentence`, said with what it is the value of where it is a bare value (`VALUE`): after the first sentence of
    its block ("--ws-ping-interval <float> - Set the WebSockets ping interval, in seconds." before "Default: 20.0.",
    which four options of one list also say of theirs); alone in its block, after its section's opening where the
    section is a setting's own ("site_dir": "The directory where the output HTML ... are created." before "default:
    'site'"). A setting's opening is said after its name (`named`). Else as it is."""
    if not VALUE.match(sentence):
        return [named(section, sentence)]
    for j, block in enumerate(section.blocks):
        if block.kind == "code" or sentence.rstrip(".") not in block.text:
            continue
        run = [_first_clause(s.strip()) for s in split(block_said(section.blocks, j))]
        first = LIST_LINE.sub("", run[0]) if run else ""
        if first and first.rstrip(".") != sentence.rstrip(".") and len(first.split()) <= MAX_WORDS:
            # a label of a word or two ("Keep-Alive.") is no sentence: the value is said under it
            return [first, sentence] if len(first.split()) >= 3 else [f"{first.rstrip('.:')}: {sentence}"]
        break
    opening = next(iter(quotes(section)), sentence)
    if opening == sentence or not SETTING.fullmatch(section.title.strip()):
        return [named(section, sentence)]  # "Default: 5000" right under the heading "DMS_VMAIL_UID"
    return [named(section, opening), sentence]


# Sections whose lead lines `leads` keeps: a question reads its eight best and those its code is chosen from.
LEADS_HELD = 1024


@lru_cache(maxsize=LEADS_HELD)
def leads(section: RecordSection) -> Mapping[str, int]:
    """The lines that lead into a code block ("The Route class also accepts a middleware argument, which allows you
    to apply middleware to a single route:"), a paragraph's or a note's last, across the code's caption or the label of
    the content tab it opens ("pip"), each with the
    index of the block among the section's blocks: never said alone, such a line is said with the code it introduces.
    Read once per section (a question asks it of each best section at five places in picking and telling), read-only."""
    out: dict[str, int] = {}
    blocks = section.blocks
    for j, block in enumerate(blocks[1:], start=1):
        if block.kind != "code" or diagram(block):
            continue
        k = j - 2 if j > 1 and caption(blocks, j - 1) else j - 1  # "... across builds:", "Dockerfile", the code
        if k > 0 and blocks[k].kind == "heading":  # a content tab's label: "... as simple as:", "pip", the code
            k -= 1
        if blocks[k].kind not in PROSE or not (text := block_said(blocks, k)).endswith(":"):
            continue
        if LABEL.fullmatch(text) and k > 0 and blocks[k - 1].kind in PROSE:  # "Example:" alone: the sentence before
            text = block_said(blocks, k - 1)
        line = split(text)[-1]
        if 3 <= len(line.split()) <= MAX_WORDS and not _marks(line):
            out[line] = j
    return MappingProxyType(out)


# A diagram's source (Mermaid, Graphviz, PlantUML) is drawn as a picture on the page: it shows no call to make.
DIAGRAMS = frozenset({"mermaid", "dot", "graphviz", "plantuml"})


def diagram(block: Block) -> bool:
    """Whether a code block is a diagram's source, which the page draws: never the code an answer shows."""
    return block.lang.lower() in DIAGRAMS


def inline_code(section: RecordSection) -> list[str]:
    """The section's inline code, as its blocks mark it."""
    return [span for block in section.blocks for span in block.code]



def before(section: RecordSection, sentence: str) -> str | None:
    """The sentence before `sentence` in its paragraph, note or list item, where it is worth saying (`quotes`)."""
    for j, block in enumerate(section.blocks):
        if block.kind == "code":
            continue
        run = [_first_clause(s.strip()) for s in split(block_said(section.blocks, j))]
        if sentence in run[1:]:
            prior = run[run.index(sentence) - 1]
            return prior if prior in set(quotes(section)) else None
    return None


def following(section: RecordSection, sentence: str) -> str | None:
    """The sentence that goes on from `sentence` in its section: the next in its paragraph, or the first of the next
    paragraph or note where one follows at once (no heading, list or code between), where it is worth saying
    (`quotes`); None at such a run's end."""
    worth = set(quotes(section))
    run: list[str] = []
    for j, block in enumerate(section.blocks):
        if block.kind not in PROSE:
            run = []
            continue
        run += [_first_clause(s.strip()) for s in split(block_said(section.blocks, j))]
        if sentence in run[:-1]:
            after = run[run.index(sentence) + 1]
            return after if after in worth else None
    return None
