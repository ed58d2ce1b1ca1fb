"""Each extraction of one page, on HTML strings."""

from __future__ import annotations

import pytest

from docent.manifest_build.fences import code_key, fence_languages
from docent.manifest_build.page import page_id, page_path, read_page
from docent.schema import Block


@pytest.mark.parametrize(
    ("path", "expected"),
    [("/", "home"), ("/lab/", "lab"), ("/cases/payments/", "cases-payments"), ("/lab.html", "lab"),
     ("/index.html", "home"), ("/cases/index.html", "cases")],
)
def test_page_ids_are_the_paths_slug(path, expected):
    assert page_id(path) == expected


def test_page_paths_start_with_a_slash_and_a_folders_index_is_the_folder():
    assert [page_path(u) for u in ("", "lab/", "lab.html", "index.html", "cases/index.html")] == [
        "/", "/lab/", "/lab.html", "/", "/cases/"]


@pytest.mark.parametrize(
    ("attrs", "inner", "label"),
    [
        ('data-docent-label="Chart" aria-label="No"', "text", "Chart"),
        ('aria-label="The aria label"', "text", "The aria label"),
        ('alt="The alt"', "", "The alt"),
        ("", "Its   own\n text", "Its own text"),
        ("", "x" * 100, "x" * 80),
        ("", '<img alt="The picture">', "The picture"),
    ],
)
def test_a_parts_label_comes_from_label_aria_alt_then_text(attrs, inner, label):
    facts = read_page(f'<div data-docent-part="p" {attrs}>{inner}</div>', path="/lab/", title="Lab")
    assert [(p.id, p.label, p.page, p.path) for p in facts.parts] == [("p", label, "lab", "/lab/")]


def test_experiments_with_presets_live_and_server_markers():
    html = """<section data-docent-experiment="leak" data-docent-live data-docent-label="The leak">
      <button data-docent-preset="slow">Slow leak</button>
      <button data-docent-preset="full" data-docent-server aria-label="Full heap">!</button></section>
      <div data-docent-experiment="storm"><h3>Retry storm</h3></div>"""
    leak, storm = read_page(html, path="/lab/", title="Lab").experiments
    assert (leak.id, leak.label, leak.live) == ("leak", "The leak", True)
    assert [(p.id, p.label, p.server) for p in leak.presets] == [("slow", "Slow leak", False), ("full", "Full heap", True)]
    assert (storm.label, storm.live, storm.presets) == ("Retry storm", False, ())


def test_actions_carry_labels_and_the_consequential_markers():
    html = """<button data-docent-action="run">Run it</button>
      <button data-docent-action="send" data-docent-consequential>Send</button>
      <button data-docent-action="clear" data-docent-consequential="confirm" aria-label="Clear all">x</button>"""
    actions = read_page(html, path="/lab/", title="Lab").actions
    assert [(a.name, a.label, a.consequential) for a in actions] == [
        ("run", "Run it", None), ("send", "Send", "ring"), ("clear", "Clear all", "confirm")]


def test_fields_read_labels_from_label_for_wrapping_label_and_aria_and_options_from_select():
    html = """<label for="preset">Leak preset</label>
      <select id="preset" data-docent-field="preset"><option value="slow">Slow leak</option><option>fast</option></select>
      <label>Your email <input id="email" data-docent-field="email" data-docent-consequential></label>
      <textarea data-docent-field="message" aria-label="Message"></textarea>"""
    preset, email, message = read_page(html, path="/contact/", title="Contact").fields
    assert (preset.name, preset.id, preset.label) == ("preset", "preset", "Leak preset")
    assert [(o.value, o.label) for o in preset.options] == [("slow", "Slow leak"), ("fast", "fast")]
    assert (email.label, email.consequential, email.options) == ("Your email", "ring", ())
    assert (message.id, message.label) == (None, "Message")


def test_home_sections_are_the_home_pages_h2_with_ids():
    html = '<h1 id="t">Me</h1><h2 id="work">Work<a class="headerlink" href="#work">¶</a></h2><p>x</p>' \
           '<h3 id="sub">Sub</h3><h2>No id</h2><h2 id="contact">Contact</h2>'
    facts = read_page(html, path="/", title="Home")
    assert [(s.id, s.label, s.page, s.path) for s in facts.sections] == [
        ("work", "Work", "home", "/#work"), ("contact", "Contact", "home", "/#contact")]
    assert read_page(html, path="/other/", title="Other").sections == ()


RECORD = """<h1 id="top">Acme<a class="headerlink" href="#top">¶</a></h1><p>Before any section.</p>
<h2 id="acme-3ds">3-D Secure<a class="headerlink" href="#acme-3ds" title="Permanent link">¶</a></h2>
<p>I  moved   card payments
to <strong>3-D Secure 2</strong>.</p><script>var secret = 1;</script><style>p{color:red}</style>
<div data-docent-exclude><p>Not for the record.</p></div>
<pre><code class="language-java">class Authorise {}</code></pre>
<h3 id="acme-kafka">Kafka</h3><ul><li>one</li><li>two</li></ul>
<h2>No id, so no section</h2><p>Still Kafka's.</p>
<nav class="md-footer"><a href="/x/">Next page</a></nav>"""


def test_record_sections_run_from_each_h2_or_h3_to_the_next_cleaned_code_kept():
    facts = read_page(RECORD, path="/cases/acme/", title="Acme", record=True)
    assert [(s.id, s.page, s.title, s.path, s.headings) for s in facts.record_sections] == [
        ("cases-acme", "cases-acme", "Acme", "/cases/acme/", ("Acme",)),
        ("acme-3ds", "cases-acme", "3-D Secure", "/cases/acme/#acme-3ds", ("Acme", "3-D Secure")),
        ("acme-kafka", "cases-acme", "Kafka", "/cases/acme/#acme-kafka", ("Acme", "3-D Secure", "Kafka")),
    ]
    opening, three_ds, kafka = facts.record_sections
    assert opening.text == "Before any section."
    assert three_ds.text == "I moved card payments to 3-D Secure 2.\nclass Authorise {}"
    assert three_ds.blocks[-1] == Block("code", "class Authorise {}", lang="java")
    assert kafka.text == "- one\n- two\nNo id, so no section\nStill Kafka's."  # a heading breaks the run


@pytest.mark.parametrize(("title", "label"), [
    ("The &nbsp<samp>pihole</samp>&nbsp Command", "The pihole Command"),  # Pi-hole's nav: HTML, as the page shows it
    ("Tips &amp; tricks", "Tips & tricks"),
    ("a  <  b", "a < b"),  # a bare "<" is text
    ("  Plain   title ", "Plain title"),
])
def test_a_nav_title_written_in_html_is_the_text_the_visitor_reads(title: str, label: str) -> None:
    facts = read_page(RECORD, path="/cases/acme/", title=title, record=True)
    assert facts.page.label == label
    assert facts.record_sections[1].headings == (label, "3-D Secure")


def test_a_page_not_marked_record_has_no_record_sections():
    assert read_page(RECORD, path="/cases/acme/", title="Acme").record_sections == ()


def test_page_text_is_the_whole_page_cleaned_and_collapsed_a_line_per_heading():
    text = read_page(RECORD, path="/cases/acme/", title="Acme", record=True).text
    assert text.startswith("Acme Before any section.\n3-D Secure\nI moved card payments")
    for left_out in ("¶", "secret", "color", "Not for the record", "Next page"):
        assert left_out not in text
    assert "class Authorise {}" in text and "  " not in text


# How markup reads as the page's text: HTML, then the text the record and search read.
TEXTS = [
    pytest.param("<p>one</p><p>two<em>fold</em>.</p><ul><li>a</li><li>b</li></ul>", "one twofold.\n- a\n- b",
                 id="minified-blocks-do-not-run-together-inline-markup-does-not-split-words"),
    pytest.param(
        "<p>Figures:</p><table><thead><tr><th>measure</th><th>before</th><th>after</th></tr></thead><tbody>"
        "<tr><td>payments without a challenge</td><td>0 %</td><td>71 %</td></tr>"
        "<tr><td>latency, p99</td><td>–</td><td>48 ms</td></tr>"
        "<tr><td>pending</td><td>–</td><td></td></tr></tbody></table><p>After.</p>",
        "Figures:\npayments without a challenge: before 0 %; after 71 %\nlatency, p99: after 48 ms\npending\nAfter.",
        id="a-table-reads-one-line-per-row-each-value-after-its-header-empty-cells-left-out"),
    pytest.param("<table><tr><th>wave</th><th>weeks</th></tr><tr><td>1</td><td>3</td></tr></table>", "wave 1: weeks 3",
                 id="a-row-named-by-a-number-takes-its-columns-name"),
    pytest.param("<table><tr><td>a</td><td>–</td><td>b</td></tr></table>", "a; b",
                 id="a-headless-table-lists-its-cells"),
    pytest.param("<ol><li>Merchant sends</li><li>Bank <em>decides</em></li></ol><dl><div><dt>time</dt><dd>3 s</dd></div>"
                 "</dl>", "1. Merchant sends\n2. Bank decides\ntime: 3 s",
                 id="numbered-and-description-lists-read-as-items"),
    # pydantic-settings' docs compare two sources in a table whose cells are sentences: the first cell is no row's
    # name, and the column it is in (the first source) was lost ("Secret fields must belong to a top level model.:
    # NestedSecretsSettingsSource Secrets can be fields of nested models.").
    pytest.param(
        "<table><thead><tr><th>SecretsSettingsSource</th><th>NestedSecretsSettingsSource</th></tr></thead><tbody>"
        "<tr><td>Secret fields must belong to a top level model.</td><td>Secrets can be fields of nested models.</td></tr>"
        "<tr><td>Secret files can be placed in <code>secrets_dir</code>s only.</td><td>Subdirectories too</td></tr>"
        "</tbody></table>",
        "SecretsSettingsSource: Secret fields must belong to a top level model. "
        "NestedSecretsSettingsSource: Secrets can be fields of nested models.\n"
        "SecretsSettingsSource: Secret files can be placed in secrets_dirs only. NestedSecretsSettingsSource: Subdirectories too",
        id="a-table-comparing-two-things-says-each-cell-after-its-column-the-first-one-too"),
    pytest.param("<table><tr><th>setting</th><th>default</th></tr><tr><td>max_connections</td><td>100</td></tr></table>",
                 "max_connections: default 100", id="a-row-named-by-its-first-cell-reads-as-before"),
]


@pytest.mark.parametrize(("html", "text"), TEXTS)
def test_markup_reads_as_the_pages_text(html: str, text: str) -> None:
    assert read_page(html, path="/x/", title="X").text == text


def test_instructions_and_record_flag_travel_with_the_facts():
    facts = read_page("<p>x</p>", path="/lab/", title=" The   Lab ", record=False, instructions="Run it.")
    assert (facts.page.label, facts.instructions, facts.record) == ("The Lab", "Run it.", False)


@pytest.mark.parametrize(
    ("html", "message"),
    [
        ('<div data-docent-part="a:b"></div>', "not an id"),
        ('<div data-docent-part=""></div>', "not an id"),
        ('<div data-docent-experiment="e"><i data-docent-preset="live"></i></div>', "live run"),
        ('<div data-docent-experiment="e"><i data-docent-preset="p"></i><i data-docent-preset="p"></i></div>', "two presets"),
        ('<div data-docent-experiment="e"><i data-docent-preset="p" data-docent-server></i></div>', "no live run"),
        ('<button data-docent-action="">x</button>', "no name"),
        ('<input data-docent-field="">', "no name"),
        ('<div data-docent-experiment="e"><i data-docent-preset="a b"></i></div>', "not an id"),
    ],
)
def test_bad_markup_is_a_problem_not_a_crash(html, message):
    problems = read_page(html, path="/lab/", title="Lab").problems
    assert len(problems) == 1 and message in str(problems[0]) and '"lab"' in str(problems[0])


DOCS = """<h1 id="quickstart">QuickStart</h1><p>Install with <code>pip install httpx</code> first.</p>
<h2 id="files">Sending files</h2>
<h3 id="multipart">Multipart</h3>
<ol><li><p>Open the file:</p>
<div class="language-python highlight"><pre><span></span><code><span class="n">f</span> = open(<span class="s1">'a.xls'</span>)
<span class="k">if</span> f:
    send(f)
</code></pre></div></li><li>Send it with <code>files=</code>.</li></ol>
<div class="admonition warning"><p class="admonition-title">Warning</p><p>Open files in <em>binary</em> mode.</p>
<pre><code>rb</code></pre></div>
<div class="tabbed-set tabbed-alternate"><input type="radio"><div class="tabbed-labels"><label>pip</label><label>uv</label></div>
<div class="tabbed-content"><div class="tabbed-block"><pre><code>pip install x</code></pre></div>
<div class="tabbed-block"><pre><code>uv add x</code></pre></div></div></div>
<table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre>1
2</pre></div></td><td class="code"><div><pre><code>a = 1
b = 2
</code></pre></div></td></tr></table>"""


def test_a_docs_page_reads_as_blocks_code_exact_and_never_split_into_prose() -> None:
    facts = read_page(DOCS, path="/quickstart/", title="QuickStart", record=True)
    opening, multipart = facts.record_sections  # "Sending files" holds only a sub-heading: a group, no section
    assert opening.blocks == (Block("paragraph", "Install with pip install httpx first.", code=("pip install httpx",)),)
    assert multipart.headings == ("QuickStart", "Sending files", "Multipart")
    assert [(b.kind, b.marker, b.lang) for b in multipart.blocks] == [
        ("item", "1.", ""), ("code", "", "python"), ("item", "2.", ""), ("admonition", "Warning", ""), ("code", "", ""),
        ("heading", "", ""), ("code", "", ""), ("heading", "", ""), ("code", "", ""), ("code", "", ""),
    ]
    assert multipart.blocks[1].text == "f = open('a.xls')\nif f:\n    send(f)"
    assert multipart.blocks[2] == Block("item", "Send it with files=.", marker="2.", code=("files=",))
    assert multipart.blocks[3].text == "Open files in binary mode."
    assert [b.text for b in multipart.blocks[5:]] == ["pip", "pip install x", "uv", "uv add x", "a = 1\nb = 2"]


def test_a_code_blocks_language_lost_by_the_highlighter_comes_from_the_markdowns_fence() -> None:
    markdown = ("Send it:\n\n```python\nr = httpx.post(url)\n```\n\n!!! note\n    ``` {.bash title=\"shell\"}\n"
                "    pip install httpx\n    ```\n\n```\nno language\n```\n")
    languages = fence_languages(markdown)
    assert languages == {code_key("r = httpx.post(url)"): "python", code_key("pip install httpx"): "bash"}
    # uv's docs: a fence with only attributes names no language ("hl_lines", "title" were read as languages)
    attributes = ('```hl_lines="17"\n[project]\n```\n\n```title="requirements.txt"\nnumpy\n```\n\n'
                  '``` { .toml hl_lines="3" }\n[tool]\n```\n\n```pyproject.toml\n[build]\n```\n')
    assert fence_languages(attributes) == {code_key("[tool]"): "toml", code_key("[build]"): "pyproject.toml"}
    html = ('<p>Send it:</p><div class="highlight"><pre><span></span><code>r = httpx.post(url)\n</code></pre></div>'
            '<div class="admonition note"><p class="admonition-title">Note</p><div class="highlight"><pre><span></span>'
            '<code>pip install httpx\n</code></pre></div></div><pre><code>no language\n</code></pre>')
    facts = read_page(html, path="/quickstart/", title="QuickStart", record=True, languages=languages)
    assert [(b.kind, b.lang) for b in facts.record_sections[0].blocks if b.kind == "code"] == [
        ("code", "python"), ("code", "bash"), ("code", "")]


def test_an_api_headings_badges_are_no_part_of_its_title():
    """mkdocstrings writes a member's kind as badges inside its heading; the page's contents name the member alone, and
    a citation read "API · env_file_depth instance-attribute"."""
    html = (
        '<h2 id="s.env_file_depth" class="doc doc-heading"><code class="highlight language-python">env_file_depth</code>'
        '<span class="doc doc-labels"><small class="doc doc-label"><code>instance-attribute</code></small></span>'
        '<a href="#s.env_file_depth" class="headerlink">&para;</a></h2>'
        '<div class="doc doc-contents"><p>Levels up to look for the env file.</p></div>'
    )
    facts = read_page(html, path="/api/", title="API", record=True)
    assert [(s.title, s.headings) for s in facts.record_sections] == [("env_file_depth", ("API", "env_file_depth"))]
    assert facts.text == "env_file_depth\nLevels up to look for the env file."


def test_a_terminal_a_page_script_shows_as_html_is_read_as_it_shows_and_other_code_as_written():
    """Typer's docs write a terminal's colours as literal markup in a `console` block that their page script (in a
    `div.termy`) renders as HTML: the record kept '<span style="color: green;">' and '&lt;TEXT&gt;' as text and
    the panel showed them raw. The same block outside such a script shows its markup, and keeps it."""
    terminal = (
        '<span class="gp">$ </span>pytest\n<span class="go">test_main.py &lt;span style="color: green; white-space: '
        'pre;"&gt;.   [100%]&lt;/span&gt;</span>\n<span class="go">&lt;font color="#F92672"&gt;&lt;b&gt;Traceback'
        '&lt;/b&gt;&lt;/font&gt;</span>\n<span class="go">  --user &amp;lt;TEXT INTEGER&amp;gt;...</span>\n'
    )
    html = ('<h2 id="run">Run it</h2><div class="termy"><div class="language-console highlight"><pre><span></span><code>'
            f'{terminal}</code></pre></div></div>'
            '<h2 id="html">Write HTML</h2><div class="language-html highlight"><pre><span></span><code>'
            '&lt;span style="color: green;"&gt;ok&lt;/span&gt;\n</code></pre></div>')
    facts = read_page(html, path="/testing/", title="Testing", record=True)
    assert "Run it\n$ pytest test_main.py . [100%] Traceback --user <TEXT INTEGER>...\nWrite" in facts.text  # as shown
    assert 'Write HTML\n<span style="color: green;">ok</span>' in facts.text
    sections = facts.record_sections
    code = {s.id: [b.text for b in s.blocks if b.kind == "code"] for s in sections}
    assert code == {
        "run": ["$ pytest\ntest_main.py .   [100%]\nTraceback\n  --user <TEXT INTEGER>..."],
        "html": ['<span style="color: green;">ok</span>'],
    }


def test_what_the_owner_leaves_out_of_a_terminal_stays_out_of_the_pages_text():
    """A terminal read as it shows (`div.termy`) is read without what the owner marks `data-docent-exclude`, as any
    other code block is: its text was taken whole, the excluded part with it."""
    html = ('<h2 id="run">Run it</h2><div class="termy"><div class="language-console highlight"><pre><span></span>'
            '<code>$ export TOKEN=<span data-docent-exclude>s3cr3t</span>\n$ run\n</code></pre></div></div>')
    facts = read_page(html, path="/t/", title="T", record=True)
    assert "s3cr3t" not in facts.text and "$ export TOKEN= $ run" in facts.text
    assert [b.text for s in facts.record_sections for b in s.blocks] == ["$ export TOKEN=\n$ run"]
