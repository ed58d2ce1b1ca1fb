"""The linker of the panel's ES modules: the order a browser runs them in, the names it binds, and every module it
cannot link refused by file and line. (tests/browser/test_linker.py runs what it links beside Chromium's own loader.)"""

from __future__ import annotations

import pytest

from docent.plugins.linker import LinkError, link, order, parse


def reader(files: dict[str, str]):  # type: ignore[no-untyped-def]
    def read(name: str) -> str:
        if name not in files:
            raise FileNotFoundError(name)
        return files[name]

    return read


def names(entry: str, files: dict[str, str]) -> list[str]:
    return [module.name for module in order(entry, reader(files))]


def test_each_module_runs_once_after_what_it_imports_in_the_order_the_imports_are_written():
    files = {
        "main.js": 'import { b } from "./b.js";\nimport { a } from "./a.js";\nimport { c } from "./c.js";\n',
        "a.js": 'import { c } from "./c.js";\nexport const a = c;\n',
        "b.js": 'import { shared } from "./shared.js";\nexport function b() {}\n',
        "c.js": 'import { shared } from "./shared.js";\nexport class c {}\n',
        "shared.js": "export const shared = 1;\n",
    }
    assert names("main.js", files) == ["shared.js", "b.js", "c.js", "a.js", "main.js"]


def test_a_module_reads_its_imports_and_hands_on_its_exports():
    module = parse("view.js", '/* the view */\nimport { make, follow as track } from "./dom.js";\n'
                              "const SIZE = 3;\nexport function View() {}\nexport class Other {}\n"
                              "export {\n  SIZE as size,\n};\n")
    assert [(found.source, found.bindings) for found in module.imports] == [
        ("dom.js", (("make", "make"), ("follow", "track")))]
    assert module.exports == (("View", "View"), ("Other", "Other"), ("size", "SIZE"))
    assert module.body == "/* the view */\nconst SIZE = 3;\nfunction View() {}\nclass Other {}\n"


def test_the_linked_script_binds_each_import_to_the_module_that_exports_it():
    files = {"main.js": 'import { make as create } from "./lib/dom.js";\ncreate();\n',
             "lib/dom.js": 'import { tag } from "../tag.js";\nexport function make() { return tag; }\n',
             "tag.js": 'export const tag = "p";\n'}
    script = link("main.js", reader(files), heading="/* built */")
    assert script.startswith('/* built */\n(function () {\n"use strict";\n/* tag.js */\nconst $tag = ')
    assert "const { tag } = $tag;\nfunction make() { return tag; }\nreturn { make: make };" in script
    assert "const { make: create } = $lib_dom;\ncreate();\nreturn {};\n})();\n})();\n" in script
    assert script == link("main.js", reader(files), heading="/* built */")  # the same bytes every time


@pytest.mark.parametrize(("files", "says"), [
    ({"main.js": 'import { a } from "./gone.js";\n'}, "main.js: imports gone.js, which does not exist"),
    ({"main.js": 'import { a, b } from "./a.js";\n', "a.js": "export const a = 1;\n"},
     "main.js: imports b from a.js, which does not export it"),
    ({"main.js": 'import { a } from "./a.js";\n', "a.js": 'import { b } from "./b.js";\nexport const a = 1;\n',
      "b.js": 'import { a } from "./a.js";\nexport const b = 1;\n'}, "an import cycle: a.js -> b.js -> a.js"),
    ({"main.js": "const x = 1;\nexport default x;\n"}, "main.js:2: cannot link 'export default x;'"),
    ({"main.js": "export let x = 1;\n"}, "main.js:1: cannot link 'export let x = 1;'"),
    ({"main.js": 'export * from "./a.js";\n'}, "main.js:1: cannot link 'export * from \"./a.js\";'; write `import { name } from \"./file.js\";`"),
    ({"main.js": 'import "./a.js";\n'}, "main.js:1: cannot link 'import \"./a.js\";'; write `import { name } from \"./file.js\";`"),
    ({"main.js": 'import * as a from "./a.js";\n'}, "main.js:1: cannot link 'import * as a from \"./a.js\";'; write `import { name } from \"./file.js\";`"),
    ({"main.js": 'import { a } from "lodash";\n'}, "main.js:1: imports 'lodash'; the panel imports only its own files"),
    ({"main.js": 'import { a } from "../up.js";\n'}, "main.js:1: imports '../up.js', outside the panel's folder"),
    ({"main.js": 'import { a } from "./a.js";\nimport { b as a } from "./b.js";\n'}, "main.js: imports a more than once"),
    ({"main.js": "export const a = 1;\nexport { a };\n"}, "main.js: exports a more than once"),
    ({"main.js": 'import { a-b } from "./a.js";\n'}, "main.js:1: cannot read 'a-b'"),
])
def test_what_it_cannot_link_fails_the_build_and_says_where_and_why(files: dict[str, str], says: str):
    with pytest.raises(LinkError) as raised:
        link("main.js", reader(files), heading="/* built */")
    assert says in str(raised.value)


def test_a_word_import_or_export_inside_a_line_is_not_a_statement():
    module = parse("a.js", 'var note = "export this"; // import nothing\n  export_count = 1;\n')
    assert module.imports == () and module.exports == ()
    assert module.body == 'var note = "export this"; // import nothing\n  export_count = 1;\n'


def test_modules_whose_names_read_alike_are_kept_apart():
    files = {"main.js": 'import { a } from "./a-b.js";\nimport { b } from "./a_b.js";\n',
             "a-b.js": "export const a = 1;\n", "a_b.js": "export const b = 2;\n"}
    script = link("main.js", reader(files), heading="/* built */")
    assert "const $a_b = " in script and "const $a_b_2 = " in script
    assert "const { a } = $a_b;\nconst { b } = $a_b_2;\n" in script
