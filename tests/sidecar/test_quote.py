"""Code is quoted, never written: a fenced block passes only as a run of a cited section's own lines."""

from __future__ import annotations

from docent.sidecar.answer.quote import Code, Quoted, Unquoted, match

CLIENT = Code(
    "python",
    "import httpx\n\nwith httpx.Client() as client:\n    r = client.get('https://example.org')\n    print(r.status_code)  ",
)
INSTALL = Code("shell", "$ pip install httpx")
BLOCKS = [("clients", CLIENT), ("install", INSTALL)]


def test_a_run_of_whole_lines_is_shown_as_the_record_has_it() -> None:
    quoted = match(["with httpx.Client() as client:", "    r = client.get('https://example.org')"], "py", BLOCKS)
    assert quoted == Quoted("python", "with httpx.Client() as client:\n    r = client.get('https://example.org')", "clients",
                            (3, 4, 5))  # lines 3-4 of the block's 5, which the panel's reader and an agent are told


def test_trailing_blanks_compare_equal_and_the_record_s_bytes_are_shown() -> None:
    quoted = match(["    r = client.get('https://example.org')", "    print(r.status_code)"], "", BLOCKS)
    assert isinstance(quoted, Quoted)
    assert quoted.text == "    r = client.get('https://example.org')\n    print(r.status_code)  "


def test_a_run_moved_left_as_a_whole_is_shown_moved_left() -> None:
    quoted = match(["r = client.get('https://example.org')", "print(r.status_code)"], "", BLOCKS)
    assert isinstance(quoted, Quoted)
    assert quoted.text == "r = client.get('https://example.org')\nprint(r.status_code)  "


def test_edited_merged_and_invented_code_is_held_with_its_reason() -> None:
    edited = ["with httpx.Client(timeout=5) as client:", "    r = client.get('https://example.org')"]
    assert match(edited, "", BLOCKS) == Unquoted("code_edited")
    assert match(["import httpx", "$ pip install httpx"], "", BLOCKS) == Unquoted("code_edited")  # two blocks merged
    assert match(["import httpx", "print(r.status_code)"], "", BLOCKS) == Unquoted("code_edited")  # lines left out
    assert match(["import requests", "requests.get(url, verify=False)"], "", BLOCKS) == Unquoted("code_unknown")


def test_only_the_sections_given_are_searched() -> None:
    assert match(["$ pip install httpx"], "", [("clients", CLIENT)]) == Unquoted("code_unknown")


def test_an_empty_fence_is_nothing() -> None:
    assert match(["", "   "], "", BLOCKS) is None


SESSION = Code("pycon", ">>> with httpx.Client() as client:\n...     r = client.get(url)\n...\n>>> r\n<Response [200 OK]>")


def test_a_session_s_lines_copied_without_their_prompts_are_its_run_shown_with_them() -> None:
    assert match(["pip install httpx"], "bash", BLOCKS) == Quoted("shell", "$ pip install httpx", "install")
    lines = ["with httpx.Client() as client:", "    r = client.get(url)", ""]
    assert match(lines, "python", [("s", SESSION)]) == Quoted(
        "pycon", ">>> with httpx.Client() as client:\n...     r = client.get(url)", "s", (1, 2, 5))  # the blank edge off
    assert match(["r", "<Response [200 OK]>"], "", [("s", SESSION)]) == Quoted(
        "pycon", ">>> r\n<Response [200 OK]>", "s", (4, 5, 5))
    # A command edited, or a line the record never prompts for, is still no run of it.
    assert match(["pip install httpx --pre"], "", BLOCKS) == Unquoted("code_unknown")
    assert match(["pip install requests"], "", BLOCKS) == Unquoted("code_unknown")
    assert match(["with httpx.Client() as client:", "r = client.get(url)"], "", [("s", SESSION)]) == Unquoted(
        "code_edited")
    # A line that is a prompt's dots alone in code of no session ("..." for what is left out) is still that line.
    elided = Code("python", "client = httpx.AsyncClient()\n...\nawait client.aclose()")
    assert match(["client = httpx.AsyncClient()", "...", "await client.aclose()"], "", [("e", elided)]) == Quoted(
        "python", "client = httpx.AsyncClient()\n...\nawait client.aclose()", "e")
