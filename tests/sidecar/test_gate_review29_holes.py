"""Falsehoods that 221dbc96's reading let through (review29), on development sites' own sections: the cause rule's
distance let a unit opening as an instance ("For example, ...", "In particular, ...") reach one sentence further from
its reason, so any sentence two before an example became a reason the section gives for it. Each was held (`cause`) at
6a62eb89 (main before it) and shown at 221dbc96; the reading is reverted, so each is held again. Written from the
sections alone: "Because <the sentence two before>, <the example>" and its reverse, across the fourteen development
bundles of rounds 5-18, flipped 340 of 772 such sentences from held to shown; these five are plainly false.

- Uvicorn (round 5): Nginx buffers bodies and answers 100 Continue itself as a case of proxies not forwarding the
  header, not because of what Uvicorn does.
- MkDocs (round 6): the readthedocs theme uses the search page; the mkdocs theme's modal is the other way.
- uv (round 8): the most a supported Rust version can be follows from "never newer than N-2", not from its changing in
  any release; a package that builds only on Linux is no consequence of a build's cost.
- NetBox (round 19): an interface reaches two front ports because a cable's end may terminate to several objects, not
  because a cable has a type, colour, length and label.
"""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

judged = verdicts(
    docs_section("expect-100-continue", "Expect: 100-Continue",  # Uvicorn's docs, server-behavior.md
                 "The Expect: 100-Continue header may be sent by clients to require a confirmation from the server "
                 "before uploading the request body. This can be used to ensure that large request bodies are only sent "
                 "once the client has confirmation that the server is willing to accept the request. Uvicorn ensures "
                 "that any required 100 Continue confirmations are only sent if the ASGI application calls receive to "
                 "read the request body. Note that proxy configurations may not necessarily forward on Expect: "
                 "100-Continue headers. In particular, Nginx defaults to buffering request bodies, and automatically "
                 "sends 100 Continues rather than passing the header on to the upstream server.",
                 "Server Behavior", "Request and Response bodies"),
    docs_section("include_search_page", "include_search_page",  # MkDocs' docs, dev-guide/themes.md
                 "Determines whether the search plugin expects the theme to provide a dedicated search page via a "
                 "template located at search/search.html. When include_search_page is set to true, the search template "
                 "will be built and available at search/search.html. This method is used by the readthedocs theme. "
                 "When include_search_page is set to false or not defined, it is expected that the theme provide some "
                 "other mechanisms for displaying search results. For example, the mkdocs theme displays results on any "
                 "page via a modal.", "Themes", "Search and themes"),
    docs_section("reference-policies-rust", "Rust support",  # uv's docs, reference/policies/rust.md
                 "The minimum supported Rust version required to compile uv is listed in the rust-version key of the "
                 "[workspace.package] section in Cargo.toml. It may change in any release (minor or patch). It will "
                 "never be newer than N-2 Rust versions, where N is the latest stable version. For example, if the "
                 "latest stable Rust version is 1.85, uv's minimum supported Rust version will be at most 1.83. This is "
                 "only relevant to users who build uv from source. Installing uv from the Python package index usually "
                 "installs a pre-built binary and does not require Rust compilation."),
    docs_section("dependency-metadata", "Dependency metadata",  # uv's docs, concepts/resolution.md
                 "During resolution, uv needs to resolve the metadata for each package it encounters, in order to "
                 "determine its dependencies. This metadata is often available as a static file in the package index; "
                 "however, for packages that only provide source distributions, the metadata may not be available "
                 "upfront. In such cases, uv has to build the package to determine its metadata (e.g., by invoking "
                 "setup.py). This can introduce a performance penalty during resolution. Further, it imposes the "
                 "requirement that the package can be built on all platforms, which may not be true. For example, you "
                 "may have a package that should only be built and installed on Linux, but doesn't build successfully "
                 "on macOS or Windows. While uv can construct a perfectly valid lockfile for this scenario, doing so "
                 "would require building the package, which would fail on non-Linux platforms.", "Resolution"),
    docs_section("cables", "Cables",  # NetBox's docs, features/devices-cabling.md
                 "NetBox models cables as connections among certain types of device components and other objects. Each "
                 "cable can be assigned a type, color, length, and label. NetBox will enforce basic sanity checks to "
                 "prevent invalid connections. (For example, a network interface cannot be connected to a power "
                 "outlet.) Either end of a cable may terminate to multiple objects of the same type. For example, a "
                 "network interface can be connected via a fiber optic cable to two discrete ports on a patch panel "
                 "(each port attaching to an individual fiber strand in the patch cable).", "Devices & Cabling"),
)


@pytest.mark.parametrize("sentence", [
    "Nginx defaults to buffering request bodies, and automatically sends 100 Continues rather than passing the header "
    "on to the upstream server because Uvicorn ensures that any required 100 Continue confirmations are only sent if "
    "the ASGI application calls receive to read the request body [[expect-100-continue]].",
    "The mkdocs theme displays search results on any page via a modal because this method is used by the readthedocs "
    "theme [[include_search_page]].",
    "Because it may change in any release, if the latest stable Rust version is 1.85, uv's minimum supported Rust "
    "version will be at most 1.83 [[reference-policies-rust]].",
    "You may have a package that should only be built and installed on Linux, but doesn't build successfully on macOS "
    "or Windows, because this can introduce a performance penalty during resolution [[dependency-metadata]].",
    "Because each cable can be assigned a type, color, length, and label, a network interface can be connected via a "
    "fiber optic cable to two discrete ports on a patch panel [[cables]].",
], ids=["uvicorn-nginx", "mkdocs-modal", "uv-rust", "uv-linux-only", "netbox-fiber"])
def test_a_reason_two_sentences_before_an_example_is_no_reason_the_section_gives(sentence: str) -> None:
    assert judged(sentence) == "cause"
