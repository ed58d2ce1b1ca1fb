"""The hedge rule's obligation read where a section gives it (`levels.py`, `hedges.py`): a list item takes its list's
lead line's level ("The following packages are optional:"), a unit's two clauses each their own ("optional for internal
links, ... required for external links"), and "a mandatory field" binds as "mandatory" does. Found on the development
rounds' hedge falsehoods (DRF's requirements, MkDocs' nav setting, OpenFaaS's read-only root filesystem)."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

REQUIREMENTS = (  # DRF's docs, index.md, as the record holds the section
    "REST framework requires the following:\n- Django (5.2, 6.0, 6.1)\n- Python (3.10, 3.11, 3.12, 3.13, 3.14)\n"
    "We highly recommend and only officially support the latest patch release of each Python and Django series. "
    "The following packages are optional:\n- PyYAML, uritemplate (5.1+, 3.0.0+) - Schema generation support.\n"
    "- Markdown (3.3.0+) - Markdown support for the browsable API.\n"
    "- django-filter (1.0.1+) - Filtering support.\n- django-guardian (1.1.1+) - Object level permissions support."
)
NAV = (  # MkDocs' docs, configuration.md
    "All paths in the navigation configuration must be relative to the docs_dir configuration option. Navigation "
    "items may also include links to external sites. While titles are optional for internal links, they are required "
    "for external links. An external link may be a full URL or a relative URL."
)
READ_ONLY = (  # OpenFaaS's docs, reference/yaml.md
    "The readonly_root_filesystem indicates that the function file system will be set to read-only except for the "
    "temporary folder /tmp. This prevents the function from writing to or modifying the filesystem (e.g. system "
    "files). This is used to provide tighter security for your functions. You can set this value as a boolean:\nreadonly_root_filesystem: true\n"
    "This an optional boolean field, set to false by default."
)
CURSOR = (  # Django Ninja's docs, guides/response/pagination.md
    "This class has a few parameters, which determine how the cursor position is ascertained and the parameter "
    "encoded:\n- ordering - tuple of field names to order the queryset. Use - prefix for descending order. The first "
    "one of which will be used to encode the position. The ordering field should be unique if possible. A string "
    "representation of this field will be used to point to the current position of the cursor."
)
HTTP2 = (  # HTTPX's docs, http2.md
    "Enabling HTTP/2 support on the client does not necessarily mean that your requests and responses will be "
    "transported over HTTP/2, since both the client and the server need to support HTTP/2. If you connect to a server "
    "that only supports HTTP/1.1 the client will use a standard HTTP/1.1 connection instead."
)
RECORD = record_of(
    _section("cursor", "CursorPagination", CURSOR),
    _section("http2", "Inspecting the HTTP version", HTTP2),
    _section("requirements", "Requirements", REQUIREMENTS),
    _section("nav", "nav", NAV),
    _section("read-only", "Function: Read-Only Root Filesystem", READ_ONLY),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("django-filter (1.0.1+) is a required dependency of REST framework, providing filtering support "
         "[[requirements]].", "hedge"),
        ("django-filter (1.0.1+) is an optional package that adds filtering support to REST framework "
         "[[requirements]].", "shown"),
        ("Django is optional for REST framework [[requirements]].", "hedge"),
        ("In the nav setting, titles are optional for both internal and external links [[nav]].", "hedge"),
        ("In the nav setting, titles are optional for internal links [[nav]].", "shown"),
        ("In the nav setting, titles are required for external links [[nav]].", "shown"),
        ("The `readonly_root_filesystem` boolean is a mandatory field for functions; when it is true, the file system "
         "is read-only except for the temporary folder `/tmp` [[read-only]].", "hedge"),
        ("The readonly_root_filesystem boolean is an optional field, false by default [[read-only]].", "shown"),
    ],
)
def test_obligation_where_the_section_gives_it(sentence: str, expected: str) -> None:
    assert fate(Gate(RECORD, Lexicon([])), sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "must" after inline code, which the rules read blanked ("for must"): a modal still, no name
        ("The field used in `ordering` for `CursorPagination` must be unique [[cursor]].", "hedge"),
        ("The field used in `ordering` for `CursorPagination` should be unique if possible [[cursor]].", "shown"),
        # "does not necessarily mean that ... will" denies the guarantee
        ("Once HTTP/2 is enabled on the client, your requests and responses are guaranteed to travel over HTTP/2 "
         "[[http2]].", "hedge"),
        ("Enabling HTTP/2 on the client does not guarantee that your requests and responses travel over HTTP/2 "
         "[[http2]].", "shown"),
    ],
)
def test_binding_read_past_code_and_a_denied_necessity(sentence: str, expected: str) -> None:
    assert fate(Gate(RECORD, Lexicon([])), sentence) == expected


DESCRIBED = record_of(  # made up, in the manner of a project's install and RBAC pages (the review of 5effe46)
    _section("install", "Install", "You can install the packages listed in requirements.txt with pip."),
    _section("roles", "Roles", "You may need to grant the service account a cluster role that can list pods."),
    _section("extras", "Extras", "The following packages are optional:\n- PyYAML - Schema generation support."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A level word after an article describes the thing: the unit's modal ("can", "may") is no level of it
        ("Install the required packages listed in requirements.txt with pip [[install]].", "shown"),
        ("Grant the service account the necessary cluster role to list pods [[roles]].", "shown"),
        # ... the unit's own level of it still is, and a modal of the sentence's verb still binds
        ("PyYAML is a required package for schema generation support [[extras]].", "hedge"),
        ("You must install the packages listed in requirements.txt with pip [[install]].", "hedge"),
    ],
)
def test_a_described_level_against_the_units_own(sentence: str, expected: str) -> None:
    assert fate(Gate(DESCRIBED, Lexicon([])), sentence) == expected


BUILDS = record_of(  # made up, in the manner of a site's CI page (the review of 5effe46)
    _section("builds", "Builds", "Every push triggers a build of the site, which does not necessarily run the link "
             "checker."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a denied "necessarily" denies only what follows it, here the link checker, not the build
        ("Every push always triggers a build of the site [[builds]].", "shown"),
        ("Every build of the site always runs the link checker [[builds]].", "hedge"),
    ],
)
def test_a_denied_necessity_of_another_thing(sentence: str, expected: str) -> None:
    assert fate(Gate(BUILDS, Lexicon([])), sentence) == expected


BULLETS = record_of(  # DRF's requirements (above) with the bullets a page's HTML list gives ("•")
    _section("bullets", "Requirements", "REST framework requires the following:\n• Django (5.2, 6.0)\n• Python (3.10, "
             "3.11)\nThe following packages are optional:\n• PyYAML - Schema generation support.\n• Markdown - "
             "Markdown support for the browsable API."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # one pattern of a list's item for the levels' leads and the order rule's steps (`passage.LIST_ITEM`)
        ("PyYAML is required for schema generation support [[bullets]].", "hedge"),
        ("PyYAML is optional, for schema generation support [[bullets]].", "shown"),
        ("Django is optional for REST framework [[bullets]].", "hedge"),
    ],
)
def test_a_lead_over_bullets(sentence: str, expected: str) -> None:
    assert fate(Gate(BULLETS, Lexicon([])), sentence) == expected


# A choice in other words (round 19): a section's "has the option to" and a sentence's "can choose whether" are as soft
# as "optional". Pi-hole's `pihole disable` (round 13's site, a development site), its falsehood's "must"; the
# pipelining section is this file's own. A section's "set the option to true" names a setting, no choice: MkDocs'
# strict setting in the words of its docs.
CHOICE = record_of(
    _section("enable-disable", "Enable & Disable",
             "Example Usage: pihole disable 5m/pihole enable\nToggle Pi-hole's ability to block unwanted domains. The "
             "disable option has the option to set a specified time before blocking is automatically re-enabled."),
    _section("pipelining", "HTTP Pipelining", "Servers are required to support HTTP pipelining."),
    _section("strict", "Strict", "To enable strict checking, set the option to true in mkdocs.yml."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The disable option must be given a specified time before blocking is automatically re-enabled "
         "[[enable-disable]].", "hedge"),
        ("The disable option can be given a specified time before blocking is automatically re-enabled "
         "[[enable-disable]].", "shown"),
        ("Servers can choose whether to support HTTP pipelining [[pipelining]].", "hedge"),
        ("Servers can choose to support HTTP pipelining [[pipelining]].", "hedge"),
        ("Servers are required to support HTTP pipelining [[pipelining]].", "shown"),
        ("You need to set the option to true in mkdocs.yml to enable strict checking [[strict]].", "shown"),
        ("You must set the option to true in mkdocs.yml to enable strict checking [[strict]].", "shown"),
    ],
)
def test_a_choice_in_other_words(sentence: str, expected: str) -> None:
    assert fate(Gate(CHOICE, Lexicon([])), sentence) == expected
