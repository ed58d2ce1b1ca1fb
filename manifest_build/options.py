"""The owner's options beside the pages (tours, offers, lexicon additions), checked for shape.

The plugin and `docent manifest` both pass the docent entry of mkdocs.yml through here, so a bad shape fails the
same way in both: with a ConfigError that names the option and says what it should be.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .text import collapse
from .types import SiteConfig


class ConfigError(ValueError):
    """An option of the docent plugin has the wrong shape."""


def _text(value: Any, *, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{where} must be non-empty text, not {value!r}.")
    return collapse(value)


def _optional_text(value: Any, *, where: str) -> str | None:
    return None if value is None else _text(value, where=where)


def _known(entry: Mapping, keys: set[str], *, where: str) -> None:
    unknown = set(entry) - keys
    if unknown:
        raise ConfigError(f"{where} has unknown keys {', '.join(sorted(map(str, unknown)))}.")


def _tours(raw: Any) -> tuple[dict, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ConfigError("docent `tours` must be a list of {id, label, steps}.")
    tours = []
    for i, tour in enumerate(raw):
        where = f"docent `tours[{i}]`"
        if not isinstance(tour, Mapping) or not isinstance(tour.get("steps"), list) or not tour["steps"]:
            raise ConfigError(f"{where} must be a mapping with id, label and a non-empty list of steps.")
        steps = []
        for j, step in enumerate(tour["steps"]):
            at = f"{where}.steps[{j}]"
            if not isinstance(step, Mapping):
                raise ConfigError(f"{at} must be a mapping of page, part or section, and caption.")
            _known(step, {"page", "part", "section", "caption"}, where=at)
            if step.get("part") is not None and step.get("section") is not None:
                raise ConfigError(f"{at} names both a part and a section; a step shows one.")
            if step.get("page") is None and step.get("part") is None and step.get("section") is None:
                raise ConfigError(f"{at} names no page, part or section.")
            steps.append(
                {
                    "page": _optional_text(step.get("page"), where=f"{at}.page"),
                    "section": _optional_text(step.get("section"), where=f"{at}.section"),
                    "part": _optional_text(step.get("part"), where=f"{at}.part"),
                    "caption": _text(step.get("caption"), where=f"{at}.caption"),
                }
            )
        tours.append(
            {"id": _text(tour.get("id"), where=f"{where}.id"), "label": _text(tour.get("label"), where=f"{where}.label"),
             "steps": steps}
        )
    return tuple(tours)


def _offers(raw: Any) -> tuple[dict, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ConfigError("docent `offers` must be a list of {id, label, target}.")
    offers = []
    for i, offer in enumerate(raw):
        where = f"docent `offers[{i}]`"
        if not isinstance(offer, Mapping):
            raise ConfigError(f"{where} must be a mapping of id, label and target.")
        _known(offer, {"id", "label", "target"}, where=where)
        offers.append({key: _text(offer.get(key), where=f"{where}.{key}") for key in ("id", "label", "target")})
    return tuple(offers)


def _lexicon(raw: Any) -> dict[str, list[str]]:
    """`{term: [alias, ...]}`, `{term: alias}`, `{term: null}` or a list of terms."""
    if raw is None:
        return {}
    if isinstance(raw, list):
        raw = {term: [] for term in raw}
    if not isinstance(raw, Mapping):
        raise ConfigError("docent `lexicon` must map each term to its aliases, e.g. {Kafka Streams: [kstreams]}.")
    lexicon: dict[str, list[str]] = {}
    for term, aliases in raw.items():
        term = _text(term, where="a docent `lexicon` term")
        if aliases is None:
            aliases = []
        elif isinstance(aliases, str):
            aliases = [aliases]
        if not isinstance(aliases, list):
            raise ConfigError(f"docent `lexicon` {term!r} must list its aliases.")
        lexicon[term] = [_text(a, where=f"an alias of {term!r} in docent `lexicon`") for a in aliases]
    return lexicon


def site_config(
    *, site_name: str = "", owner: str = "", sidecar: Any = "", tours: Any = None, offers: Any = None, lexicon: Any = None
) -> SiteConfig:
    if not isinstance(sidecar, str):
        raise ConfigError(f"docent `sidecar_url` must be text (\"\" for the site's own origin), not {sidecar!r}.")
    return SiteConfig(
        site_name=collapse(str(site_name or "")),
        owner=collapse(str(owner or "")),
        sidecar=sidecar.strip().rstrip("/"),
        tours=_tours(tours),
        offers=_offers(offers),
        lexicon=_lexicon(lexicon),
    )
