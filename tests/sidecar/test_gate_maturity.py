"""The maturity rule (`answer/maturity.py`, reason `hedge`): a feature told stable where the cited section calls it
experimental or in preview, supported where it calls it unsupported, and the reverse.

Sections from development sites' records, their text as the record has it: uv's malware checks and CycloneDX export
(round 8, both "in preview"), its Python executables (the "experimental --default option"), Copier's answers file
(round 10, "an unsupported way to update"), Docker Mailserver's Podman guide ("not officially supported"), its home
page ("production-ready") and its FAQ on operating systems (round 14), MkDocs's links (round 6) and Material's
diagrams (round 21). Each falsehood was shown before the rule; each
faithful sentence states the section's own side, or one side of a section that gives both, and stays shown.
"""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

judged = verdicts(
    docs_section("malware-checks", "Malware checks",  # uv's docs, concepts/projects/sync.md
                 "Important: On-sync malware checking is in preview, and is subject to change until stabilized.\n"
                 "While syncing, uv can perform a lightweight scan of your lockfile for known malware by checking it "
                 "against OSV. OSV references MAL advisories from the OpenSSF's malicious packages database. If a "
                 "locked dependency matches a malware advisory, the sync will be terminated. To enable malware checks, "
                 "set audit.malware-check = true in your uv settings or set UV_MALWARE_CHECK=1 in your environment.",
                 "Locking and syncing"),
    docs_section("cyclonedx-sbom-format", "CycloneDX SBOM format",  # uv's docs, concepts/projects/export.md
                 "uv can export your project's dependency lockfile as a Software Bill of Materials (SBOM) in CycloneDX "
                 "format. SBOMs provide a comprehensive inventory of all software components in your application, "
                 "which is useful for security auditing, compliance, and supply chain transparency.\n"
                 "Important: Support for exporting to CycloneDX is in preview, and may change in any future release.",
                 "Exporting a lockfile"),
    docs_section("installing-python-executables", "Installing Python executables",  # uv's concepts/python-versions.md
                 "uv installs Python executables into your PATH by default, e.g., on Unix uv python install 3.12 will "
                 "install a Python executable into ~/.local/bin, e.g., as python3.12.\n"
                 "To install python and python3 executables, include the experimental --default option:\n"
                 "$ uv python install 3.12 --default", "Python versions", "Installing a Python version"),
    docs_section("config-advanced-podman-introduction", "Introduction",  # DMS's docs, config/advanced/podman.md
                 "Podman is a daemonless container engine for developing, managing, and running OCI Containers on your "
                 "Linux System.\nAbout Support for Podman: Please note that Podman is not officially supported as DMS "
                 "is built and verified on top of the Docker Engine. This content is entirely community supported. If "
                 "you find errors, please open an issue and provide a PR.", "Podman"),
    docs_section("never-change-the-answers-file-manually", "Never change the answers file manually",  # Copier's
                 "Important: Never update .copier-answers.yml manually. This will trick Copier, making it believe that "
                 "those modified answers produced the current subproject, while it was produced by a different answers "
                 "set. This will produce unpredictable behavior of the smart diff algorithm used for updates, which may "
                 "work under certain circumstances, but not always. This is an unsupported way to update. Please do not "
                 "open issues if you updated this way.", "Updating a project"),  # docs/updating.md
    docs_section("linking-to-pages", "Linking to pages",  # MkDocs's docs, user-guide/writing-your-docs.md
                 "When linking between pages in the documentation you can simply use the regular Markdown linking "
                 "syntax, including the relative path to the Markdown document you wish to link to.\nWhen the MkDocs "
                 "build runs, these Markdown links will automatically be transformed into an HTML hyperlink to the "
                 "appropriate HTML page. WARNING: Using absolute paths with links is not officially supported. Relative "
                 "paths are adjusted by MkDocs to ensure they are always relative to the page.", "Writing your docs"),
    docs_section("other-diagram-types", "Other diagram types",  # Material for MkDocs's reference/diagrams.md
                 "Besides the diagram types listed above, Mermaid.js provides support for pie charts, gantt charts, user "
                 "journeys, git graphs and requirement diagrams, all of which are not officially supported by Material "
                 "for MkDocs. Those diagrams should still work as advertised by Mermaid.js, but we don't consider them a "
                 "good choice, mostly as they don't work well on mobile.", "Diagrams"),
    docs_section("home-about", "About",  # DMS's docs, index.md
                 "docker-mailserver, or DMS for short, is a production-ready fullstack but simple mail server (SMTP, "
                 "IMAP, LDAP, Anti-spam, Anti-virus, etc.). It employs only configuration files, no SQL database.",
                 "Home"),
    docs_section("which-operating-systems-are-supported", "Which operating systems are supported?",  # DMS's faq.md
                 "- Linux is officially supported.\n- Windows and macOS are not supported and users and have reported "
                 "various issues running the image on these hosts.", "FAQ"),
)


@pytest.mark.parametrize("sentence", [
    "On-sync malware checking in uv is a stable feature [[malware-checks]].",
    "Exporting a lockfile to CycloneDX is a stable, finalized part of uv [[cyclonedx-sbom-format]].",
    "The `--default` option, which installs python and python3 executables, is stable "
    "[[installing-python-executables]].",
    "Done with care, editing the answers file by hand remains a supported way to update "
    "[[never-change-the-answers-file-manually]].",
    "DMS is an experimental fullstack mail server [[home-about]].",
], ids=["preview-told-stable", "preview-told-finalized", "experimental-told-stable", "unsupported-told-supported", "production-ready-told-experimental"])
def test_a_side_the_section_gives_the_other_way_is_held(sentence: str) -> None:
    assert judged(sentence) == "hedge"


@pytest.mark.parametrize("sentence", [
    "On-sync malware checking is in preview and subject to change until it is stabilized [[malware-checks]].",
    "Exporting a lockfile to CycloneDX is in preview [[cyclonedx-sbom-format]].",
    "Podman is not officially supported by DMS, and its guide is community supported "
    "[[config-advanced-podman-introduction]].",
    "DMS is a production-ready mail server [[home-about]].",
    "Updating the answers file by hand is an unsupported way to update [[never-change-the-answers-file-manually]].",
    "Of Linux, Windows and macOS, only Linux is officially supported [[which-operating-systems-are-supported]].",
    # the side of another thing: absolute paths are unsupported, the relative path is the way (round 6's Markdown)
    "The supported way is to link to the Markdown file by its relative path [[linking-to-pages]].",
    # "outside the officially supported ones": the clause that says it is about Material, not the charts (round 21)
    "Mermaid.js pie charts, gantt charts and the other diagram types outside the officially supported ones aren't "
    "considered a good choice, mostly because they don't work well on mobile [[other-diagram-types]].",
    "uv installs a stable release of Python as a versioned executable by default [[installing-python-executables]].",
], ids=["preview", "preview-short", "not-officially", "production-ready", "unsupported", "one-side-of-two", "another-things-side", "outside-the-supported", "release-channel"])
def test_the_sections_own_side_is_shown(sentence: str) -> None:
    assert judged(sentence) == "shown"
