"""The offline model's sentences worth quoting never come from inside a code block."""

from __future__ import annotations

from docent.schema import Block, RecordSection
from docent.sidecar.offline.quotes import quotes


def test_sentences_are_split_in_prose_only_never_inside_code() -> None:
    blocks = (
        Block("paragraph", "Upload a file with a multipart body. Pass the files as a mapping of names to files."),
        Block("code", ">>> files = {'upload-file': open('report.xls', 'rb')}\n>>> r = httpx.post(url, files=files)"),
        Block("paragraph", "The response carries the echoed form fields."),
    )
    section = RecordSection.of("files", page="quickstart", path="/quickstart/#files", headings=("Q", "F"), blocks=blocks)
    assert quotes(section) == [
        "Upload a file with a multipart body.",
        "Pass the files as a mapping of names to files.",
        "The response carries the echoed form fields.",
    ]


def test_a_list_items_own_semicolon_or_comma_ends_it_never_followed_by_a_full_stop() -> None:
    from docent.sidecar.offline.quotes import listed

    blocks = (
        Block("paragraph", "The settings are read in this order:"),
        Block("item", "from the environment variables of the process;"),
        Block("item", "from the .env file next to the application,"),
        Block("item", "from the defaults written in the code."),
    )
    section = RecordSection.of("order", page="config", path="/config/#order", headings=("C", "O"), blocks=blocks)
    said = listed(section, "from the .env file next to the application.")
    assert said == ["The settings are read in this order:", "- from the environment variables of the process.",
                    "- from the .env file next to the application.", "- from the defaults written in the code."]


def test_a_directive_left_unrendered_is_no_sentence() -> None:
    blocks = (
        Block("paragraph", "The test client runs the app in process."),
        Block("admonition", "API Reference: ::: starlette.testclient.TestClient options: show_root_heading: true"),
    )
    section = RecordSection.of("client", page="testing", path="/testing/#client", headings=("T", "C"), blocks=blocks)
    assert quotes(section) == ["The test client runs the app in process."]


def test_a_value_under_its_label_is_said_though_it_is_two_words() -> None:
    blocks = (
        Block("paragraph", "The directory containing the documentation source files."),
        Block("paragraph", "default: 'docs'"),
        Block("paragraph", "Read more."),
    )
    section = RecordSection.of("docs_dir", page="config", path="/config/#docs_dir", headings=("C", "docs_dir"),
                               blocks=blocks)
    assert quotes(section) == ["The directory containing the documentation source files.", "default: 'docs'"]


def test_the_sentence_that_goes_on_is_the_next_of_its_paragraph_or_of_the_next_one_never_across_code() -> None:
    from docent.sidecar.offline.quotes import following

    blocks = (
        Block("admonition", "The workers module is deprecated. You should use the worker package instead.",
              marker="Warning"),
        Block("paragraph", "It installs as any package does."),
        Block("code", "pip install worker"),
        Block("paragraph", "Workers restart when they die."),
        Block("heading", "Limits"),
        Block("paragraph", "Each worker serves one process."),
    )
    section = RecordSection.of("w", page="deploy", path="/deploy/#w", headings=("D", "W"), blocks=blocks)
    assert following(section, "Warning: The workers module is deprecated.") == "You should use the worker package instead."
    assert following(section, "You should use the worker package instead.") == "It installs as any package does."
    assert following(section, "It installs as any package does.") is None  # code between
    assert following(section, "Workers restart when they die.") is None  # a heading between


def test_a_sentence_ending_inside_brackets_or_a_quotation_ends_none() -> None:
    """Docent's own docs, in the browser: the guide said 'How do I get just the path?") is answered for what it asks:
    ... ("clients behind traefik get dropped.', half a sentence that began inside one example and ended in the next."""
    blocks = (
        Block("paragraph", 'A question that tells its situation ("url_for returns a full URL. How do I get just the '
                           'path?") is answered for what it asks. A lone ( opens nothing. The next sentence stands.'),
    )
    section = RecordSection.of("asks", page="models", path="/models/#asks", headings=("M", "A"), blocks=blocks)
    assert quotes(section) == [
        'A question that tells its situation ("url_for returns a full URL. How do I get just the path?") is answered '
        "for what it asks.",
        "A lone ( opens nothing.",
        "The next sentence stands.",
    ]


def test_a_heading_is_never_said_as_a_sentence_nor_run_into_the_one_after_it() -> None:
    from docent.schema import Manifest
    from docent.sidecar.offline.overview import opening
    from docent.sidecar.offline.voice import Voice

    blocks = (
        Block("heading", "Getting Started with MkDocs"),
        Block("paragraph", "An introductory tutorial for new writers!"),
        Block("heading", "Python 3.8+"),
        Block("paragraph", "Install it with pip before you begin."),
    )
    section = RecordSection.of("start", page="start", path="/start/", headings=("Getting Started",), blocks=blocks)
    assert quotes(section) == ["An introductory tutorial for new writers!", "Install it with pip before you begin."]
    said = opening("start", {"start": section}, Voice.of(Manifest(kind="docs"), titles=()))
    assert said[0] == "An introductory tutorial for new writers! [[start]]"


def test_a_code_blocks_caption_is_no_sentence_and_an_admonitions_own_title_no_label() -> None:
    # Copier's docs: a titled note whose code block's caption ("copier.yml") the flat text runs onto its last line
    blocks = (
        Block("admonition", "A choice can be validated by using the extended syntax with dict-style and tuple-style "
              "choices. For example: copier.yml", marker="Validation and conditional choices"),
        Block("code", "cloud:\n    type: str\n    help: Which cloud provider do you use?"),
        Block("admonition", "The Copier recommendation is: 1 template = 1 Git repository.",
              marker="Can the author have multiple templates in a single repo using this option?"),
        Block("admonition", "copier.yml", marker="Example"),
        Block("code", "_subdirectory: template"),
    )
    section = RecordSection.of("choices", page="configuring", path="/configuring/#choices", headings=("C", "Choices"),
                               blocks=blocks)
    assert quotes(section) == [
        "A choice can be validated by using the extended syntax with dict-style and tuple-style choices.",
        "Can the author have multiple templates in a single repo using this option?",
        "The Copier recommendation is: 1 template = 1 Git repository.",
    ]


def test_a_line_leads_into_its_code_across_the_codes_caption() -> None:
    from docent.sidecar.offline.quotes import leads

    # uv's Docker guide: the caption is a paragraph of its own, or the end of a note's last line
    blocks = (
        Block("paragraph", "A cache mount can be used to improve performance across builds:"),
        Block("paragraph", "Dockerfile"),
        Block("code", "ENV UV_LINK_MODE=copy\n\nRUN --mount=type=cache,target=/root/.cache/uv \\\n    uv sync"),
        Block("admonition", "The cache directory's location can be determined by running the uv cache dir command in "
              "the container. Alternatively, the cache can be set to a constant location: Dockerfile", marker="Note"),
        Block("code", "ENV UV_CACHE_DIR=/opt/uv-cache/"),
    )
    section = RecordSection.of("caching", page="docker", path="/docker/#caching", headings=("D", "Caching"),
                               blocks=blocks)
    assert leads(section) == {"A cache mount can be used to improve performance across builds:": 2,
                              "Alternatively, the cache can be set to a constant location:": 4}
    assert quotes(section) == ["Note: The cache directory's location can be determined by running the uv cache dir "
                               "command in the container."]


def test_the_pages_inline_code_is_marked_whole_though_a_name_inside_it_reads_as_markdown() -> None:
    """`uvicorn.run(app, **config)` is one span on the page. The third person marks a name Markdown would read as
    bold or emphasis (`**config`, `__name__`) before the section's spans are marked; the span is still marked whole,
    never split into `uvicorn.run`(app, `**config`) (a new user's walk on Uvicorn's docs, round 25)."""
    from docent.sidecar.offline.quotes import cited
    from docent.sidecar.offline.voice import Voice

    text = ("To run directly from within a Python program, you should use uvicorn.run(app, **config). Put uvicorn.run "
            "into if __name__ == '__main__' clause in the main module.")
    code = ("uvicorn.run(app, **config)", "uvicorn.run", "if __name__ == '__main__'")
    section = RecordSection.of("run", page="deployment", path="/deployment/#run", headings=("D", "R"),
                               blocks=(Block("paragraph", text, code=code),))
    first, second = quotes(section)
    voice = Voice("the author", "they", plural=False)
    assert cited(voice.tell(first), section) == (
        "To run directly from within a Python program, you should use `uvicorn.run(app, **config)`. [[run]]")
    assert cited(voice.tell(second), section) == (
        "Put `uvicorn.run` into `if __name__ == '__main__'` clause in the main module. [[run]]")
    # a name marked alone, where no span of the section holds it, stays marked as the third person marked it
    assert cited(voice.tell("Pass **kwargs to it."), section) == "Pass `**kwargs` to it. [[run]]"
