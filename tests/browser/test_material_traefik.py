"""The panel on Traefik's docs (`tests/data/sites/traefik`), a Material site without instant navigation whose set-up
guides show whole files in one code block (a docker-compose file of 78 lines, Helm values of 96), built as its owner
would add Docent, with a stylesheet of the owner's own that keeps a long listing short, as sites do: a code block no
taller than 480 px, scrolled inside it (Material's code already scrolls: `overflow: auto`). Served by
`docent serve --model offline` (tests/browser/material.py); a visitor asks, and opens a citation of lines far down
such a block, at desktop and phone sizes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.answered import directs, figure_of, shows_code
from tests.browser.material import served, visit
from tests.browser.panel import SIZES, ask, open_panel, whole
from tests.browser.sidecar import ROOT, Sidecar
from tests.browser.test_code import START_SEEN
from tests.browser.test_layout import CITED, LATER_MS
from tests.browser.test_material_uv import OVER_RUN
from tests.browser.test_vendored_site import IN_CODE

pytestmark = pytest.mark.browser

SITE = ROOT / "tests" / "data" / "sites" / "traefik"
SHORT_LISTINGS = ".md-typeset pre > code { max-height: 480px; }"
# What the visitor asked for: the whoami service's label that routes it from the websecure entry point.
ENTRYPOINT = "traefik.http.routers.whoami.entrypoints=websecure"

# The highlighted run's code block: how far it is scrolled down, and whether it is shorter than its code.
BLOCK = """() => {
  const range = [...CSS.highlights.get("docent-cited")][0];
  const code = range.startContainer.parentElement.closest("pre > code");
  return {scrolled: code.scrollTop, capped: code.scrollHeight > code.clientHeight + 100};
}"""


@pytest.fixture(scope="module")
def traefik(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    yield from served(SITE, tmp_path_factory.mktemp("traefik"), css=SHORT_LISTINGS)


@SIZES
def test_a_citation_of_lines_far_down_a_block_of_a_fixed_height_scrolls_them_into_it_clear_of_the_panel(
    page: Page, traefik: Sidecar
) -> None:
    """Asked on the home page how to set the whoami router's entry point, the answer shows the code that does it, the
    whoami service's `entrypoints=websecure` label, cited to the Docker set-up guide's compose file, far down it (lines
    63 to 74 of 78 as this was written); its citation opens the guide at those lines in the page's own block, which
    shows its first 24 lines or so, the label among the lines highlighted: the block is scrolled down to the run, its
    first line on top and in sight from its start, nothing of the block's (Material's copy button) over it, clear of the panel, still so once
    every timer of the panel's has run; the visitor comes back to the panel and the answer is there. Before the
    panel scrolled a block down (78e26bb4) the run was highlighted out of sight inside it."""
    visit(page).clock.install()
    open_panel(page, traefik.base)
    log = ask(page, "How do I set the whoami router's entrypoint to websecure?")
    link = shows_code(log, ENTRYPOINT, path="/setup/docker/", section="create-a-docker-composeyaml")
    quote = directs(link)  # opened in a new tab instead, the browser highlights the same lines
    link.click()
    page.wait_for_url(re.compile(r"/setup/docker/"))
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    cited = page.evaluate(CITED)
    assert cited["text"] == " ".join(line.strip() for line in quote.splitlines() if line.strip()), cited
    assert ENTRYPOINT in cited["text"], cited  # the label the visitor asked for is among the lines highlighted
    assert cited["onTop"], cited
    assert page.evaluate(IN_CODE), "the run is not in the page's code block"
    block = page.evaluate(BLOCK)
    assert block["capped"] and block["scrolled"] > 600, block  # the run starts some 1,200 px down its code
    assert page.evaluate(START_SEEN), "the cited lines' start is scrolled out of the code block's box"
    assert page.evaluate(OVER_RUN) == []
    page.clock.fast_forward(LATER_MS)
    cited = page.evaluate(CITED)
    assert cited and not cited["meets"] and cited["shown"], cited
    whole(page)
    expect(figure_of(link)).to_contain_text(ENTRYPOINT)
