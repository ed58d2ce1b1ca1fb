"""The linker: one classic script from an ES module and the modules it imports, in the order a browser runs them.

The panel's scripts are ES modules (plugins/assets/), and a page gets them as one deferred classic script, so that
it pays one request for the panel. A well-kept bundler (esbuild, Rollup) would need Node.js on every machine that
builds a site: PyPI carries no bundler of its own (its `esbuild` package downloads the binary at first use, and
`esbuild-py` binds only the one-file transform). So the build links the modules itself, over the part of the
module syntax the panel is written in, and refuses the rest by file and line:

    import { a, b as c } from "./name.js";            named imports of a file beside the importer
    export function f() {}   export class C {}   export const x = ...;   export { a, b as c };

Every module runs once, after the modules it imports (depth first, imports in the order they are written, as a
browser evaluates a module graph), inside a function of its own under "use strict": its imports are constants read
off the modules before it, its exports the object it returns. A missing file or name, a name bound twice, an import
cycle, or any other `import` or `export` at the start of a line fails the link with a LinkError.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass

_NAME = r"[A-Za-z_$][\w$]*"
_IMPORT = re.compile(r'import\s*\{(?P<names>[^}]*)\}\s*from\s*"(?P<source>[^"\n]+)"\s*;[ \t]*\n?')
_EXPORT_LIST = re.compile(r"export\s*\{(?P<names>[^}]*)\}\s*;[ \t]*\n?")
_EXPORT_DECLARATION = re.compile(rf"export\s+(?:(?:async\s+)?function\b\s*\*?\s*|(?:class|const)\s+)(?P<name>{_NAME})")
_BINDING = re.compile(rf"\s*(?P<name>{_NAME})(?:\s+as\s+(?P<alias>{_NAME}))?\s*")
_STATEMENT = re.compile(r"^(?:import|export)\b", re.M)


class LinkError(ValueError):
    """A module the linker cannot link, with the file and line and what to write instead."""


@dataclass(frozen=True)
class Import:
    source: str  # the imported module's name, resolved against the importer's folder
    bindings: tuple[tuple[str, str], ...]  # (its exported name, the local name)


@dataclass(frozen=True)
class Module:
    name: str  # its path in the folder, "dom.js"
    imports: tuple[Import, ...]
    exports: tuple[tuple[str, str], ...]  # (the exported name, the local name)
    body: str  # the source less its import statements, export lists and `export ` prefixes


def _line(text: str, at: int) -> int:
    return text.count("\n", 0, at) + 1


def _bindings(names: str, *, where: str) -> tuple[tuple[str, str], ...]:
    """`a, b as c` as ((a, a), (b, c)): each name, and the name it goes by on the other side of `as`."""
    parts = names.split(",")
    if not parts[-1].strip():
        parts.pop()  # a trailing comma, or no names at all
    pairs = []
    for part in parts:
        found = _BINDING.fullmatch(part)
        if found is None:
            raise LinkError(f"{where}: cannot read {part.strip()!r} in a list of names; write `name` or `name as other`")
        pairs.append((found["name"], found["alias"] or found["name"]))
    return tuple(pairs)


def _resolve(source: str, *, importer: str, where: str) -> str:
    if not source.startswith(("./", "../")) or not source.endswith(".js"):
        raise LinkError(f"{where}: imports {source!r}; the panel imports only its own files, as \"./name.js\"")
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(importer), source))
    if resolved.startswith("../"):
        raise LinkError(f"{where}: imports {source!r}, outside the panel's folder")
    return resolved


def parse(name: str, text: str) -> Module:
    """A module's imports, exports and body, read off the lines that begin with `import` or `export`."""
    imports: list[Import] = []
    exports: list[tuple[str, str]] = []
    body: list[str] = []
    kept = 0
    for statement in _STATEMENT.finditer(text):
        at = statement.start()
        where = f"{name}:{_line(text, at)}"
        body.append(text[kept:at])
        if found := _IMPORT.match(text, at):
            source = _resolve(found["source"], importer=name, where=where)
            imports.append(Import(source, _bindings(found["names"], where=where)))
            kept = found.end()
        elif found := _EXPORT_LIST.match(text, at):
            exports.extend((exported, local) for local, exported in _bindings(found["names"], where=where))
            kept = found.end()
        elif found := _EXPORT_DECLARATION.match(text, at):
            exports.append((found["name"], found["name"]))
            kept = at + len("export")
            while text[kept] in " \t":
                kept += 1
        else:
            statement_line = text[at:].split("\n", 1)[0]
            raise LinkError(
                f"{where}: cannot link {statement_line!r}; write `import {{ name }} from \"./file.js\";`, or export a "
                "function, a class or a const (`export function f`, `export const x =`, `export { a, b as c };`)"
            )
    body.append(text[kept:])
    module = Module(name, tuple(imports), tuple(exports), "".join(body))
    _check_names(module)
    return module


def _check_names(module: Module) -> None:
    exported = [name for name, _ in module.exports]
    if twice := sorted({name for name in exported if exported.count(name) > 1}):
        raise LinkError(f"{module.name}: exports {', '.join(twice)} more than once")
    local = [binding for found in module.imports for _, binding in found.bindings]
    if twice := sorted({name for name in local if local.count(name) > 1}):
        raise LinkError(f"{module.name}: imports {', '.join(twice)} more than once")


def order(entry: str, read: Callable[[str], str]) -> list[Module]:
    """The entry and every module it imports, each after the modules it imports: the order a browser runs them."""
    done: dict[str, Module] = {}
    path: list[str] = []  # the imports being followed, to name a cycle

    def visit(name: str, *, by: str | None) -> None:
        if name in done:
            return
        if name in path:
            raise LinkError(f"an import cycle: {' -> '.join([*path[path.index(name):], name])}; the linker runs "
                            "each module after those it imports, so move what both need into a module of its own")
        try:
            text = read(name)
        except FileNotFoundError:
            raise LinkError(f"{by}: imports {name}, which does not exist" if by else f"no module {name}") from None
        module = parse(name, text)
        path.append(name)
        for found in module.imports:
            visit(found.source, by=name)
        path.pop()
        done[name] = module

    visit(entry, by=None)
    return list(done.values())


def _variable(name: str, taken: set[str]) -> str:
    """The variable a module's exports are kept in: "$" and its name ("$dom" for dom.js), unique in the script."""
    base = "$" + re.sub(r"\W", "_", name.removesuffix(".js"))
    variable, n = base, 2
    while variable in taken:
        variable, n = f"{base}_{n}", n + 1
    return variable


def _imports(module: Module, modules: dict[str, Module], variables: dict[str, str]) -> str:
    """A module's imports as constants read off the modules linked before it."""
    lines = []
    for found in module.imports:
        exported = {name for name, _ in modules[found.source].exports}
        if missing := [name for name, _ in found.bindings if name not in exported]:
            raise LinkError(f"{module.name}: imports {', '.join(missing)} from {found.source}, which does not "
                            f"export {'it' if len(missing) == 1 else 'them'}")
        names = ", ".join(name if name == local else f"{name}: {local}" for name, local in found.bindings)
        lines.append(f"const {{ {names} }} = {variables[found.source]};\n")
    return "".join(lines)


def link(entry: str, read: Callable[[str], str], *, heading: str) -> str:
    """One classic script: heading (a comment), then each module in a function of its own, the entry last."""
    modules = {module.name: module for module in order(entry, read)}
    variables: dict[str, str] = {}
    parts = [heading.rstrip("\n") + "\n(function () {\n\"use strict\";\n"]
    for module in modules.values():
        imports = _imports(module, modules, variables)
        variables[module.name] = _variable(module.name, set(variables.values()))
        exports = ", ".join(f"{name}: {local}" for name, local in module.exports)
        parts.append(
            f"/* {module.name} */\nconst {variables[module.name]} = (function () {{\n{imports}{module.body.rstrip()}\n"
            f"return {{{f' {exports} ' if exports else ''}}};\n}})();\n"
        )
    parts.append("})();\n")
    return "".join(parts)
