"""Docent beside mkdocs-llmstxt on one site: both build under --strict, each writes its own files, and llms.txt is
the record's pages only as far as the owner lists the same pages in both (the plugin chooses by file, in on_files,
before any page's front matter is read, so it cannot follow `docent: {record: true}`)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from docent.sidecar.answer.bundle import Bundle

from .conftest import mkdocs_build

CODE = "from kit import Client\n\nclient = Client(retries=3)\n    client.run()  # blocks"
PAGES = {
    "index.md": "# Kit\n\nThe kit's documentation.\n",
    "guide/install.md": "---\ndocent:\n  record: true\n---\n# Installing\n\n## With pip { #pip }\n\n"
                        "Install the kit with pip.\n\n```bash\npip install kit\n```\n",
    "guide/client.md": "---\ndocent:\n  record: true\n---\n# The client\n\n## Retries { #retries }\n\n"
                       f"A client retries a failed call three times.\n\n```python\n{CODE}\n```\n",
    "faq.md": "---\ndocent:\n  record: true\n---\n# FAQ\n\n## Is it fast? { #fast }\n\nIt answers within a millisecond.\n",
    "blog.md": "# Blog\n\nNews, not documentation.\n",
}


def site(root: Path, globs: list[str]) -> Path:
    for name, text in PAGES.items():
        path = root / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    config = {
        "site_name": "Kit",
        "site_url": "https://docs.example.org/",
        "markdown_extensions": ["attr_list", "md_in_html", {"toc": {"permalink": True}}],
        "plugins": ["search", {"docent": {"bundle": "docent-bundle.json"}},
                    {"llmstxt": {"full_output": "llms-full.txt", "sections": {"Guide": globs}}}],
    }
    path = root / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return path


def listed(llms: str) -> set[str]:
    return set(re.findall(r"\]\(https://docs\.example\.org/(\S+?)index\.md\)", llms))


def test_llms_txt_beside_docent_lists_the_record_pages_when_listed_alike(tmp_path: Path) -> None:
    mkdocs_build(site(tmp_path, ["guide/*.md", "faq.md"]))
    built = tmp_path / "site"
    bundle = Bundle.load(tmp_path / "docent-bundle.json")
    record_pages = {bundle.pages[s.page].path.strip("/") + "/" for s in bundle.record.values()}
    assert listed((built / "llms.txt").read_text(encoding="utf-8")) == record_pages == {"guide/install/", "guide/client/", "faq/"}
    full = (built / "llms-full.txt").read_text(encoding="utf-8")
    assert f"\n{CODE}\n" in full  # the code's lines as the record keeps them, indentation and blank line included
    code = [b.text for s in bundle.record.values() for b in s.blocks if b.kind == "code"]
    assert CODE in code
    assert "docent" not in full.lower() and "blog" not in full.lower()  # neither writes into the other's output
    assert (built / "guide" / "client" / "index.md").is_file() and (built / "docent" / "manifest.json").is_file()
    assert "llms" not in (built / "docent" / "manifest.json").read_text(encoding="utf-8")


def test_llms_txt_follows_its_own_list_not_the_records_front_matter(tmp_path: Path) -> None:
    mkdocs_build(site(tmp_path, ["guide/*.md"]))
    bundle = Bundle.load(tmp_path / "docent-bundle.json")
    assert "faq" in {s.page for s in bundle.record.values()}  # in the record by its front matter
    assert "faq/" not in listed((tmp_path / "site" / "llms.txt").read_text(encoding="utf-8"))  # not in llms.txt
