"""The events the gate makes per sentence set their fields themselves (`events.py`): each is still the frozen dataclass
its fields say, whatever field is added later."""

from __future__ import annotations

import dataclasses

import pytest

from docent.sidecar.answer.events import Cite, Held, Item, Row, Sentence

MADE = [Cite, Sentence, Held]


def _values(cls: type) -> dict[str, object]:
    """A distinct value for each field, of its kind."""
    return {f.name: (f"{f.name}!" if f.type == "str" else (object(),)) for f in dataclasses.fields(cls)}


@pytest.mark.parametrize("cls", MADE)
def test_every_field_is_set_in_order_by_position_and_by_name(cls: type) -> None:
    values = _values(cls)
    for made in (cls(*values.values()), cls(**values)):
        assert list(vars(made)) == list(values)  # the stream sends `__dict__` as it stands: the fields' order
        assert {name: getattr(made, name) for name in values} == values


@pytest.mark.parametrize("cls", MADE)
def test_defaults_are_the_fields_defaults(cls: type) -> None:
    needed = {f.name: f"{f.name}!" for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING}
    made = cls(**needed)
    for f in dataclasses.fields(cls):
        assert getattr(made, f.name) == (needed[f.name] if f.name in needed else f.default)


@pytest.mark.parametrize("cls", MADE)
def test_still_frozen(cls: type) -> None:
    made = cls(**_values(cls))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.__setattr__(dataclasses.fields(cls)[0].name, "changed")


def test_equality_hash_and_repr_as_a_dataclass_gives_them() -> None:
    cite = Cite("a", "A", "/a/", "It says so.")
    one = Sentence("It says so.", (cite,), (("em", 0, 2),), Item(2), True, Row(((0, 2),)))
    two = Sentence("It says so.", (Cite("a", "A", "/a/", "It says so."),), (("em", 0, 2),), Item(2), True, Row(((0, 2),)))
    assert one == two and hash(one) == hash(two)
    assert repr(cite) == "Cite(id='a', title='A', path='/a/', quote='It says so.')"
    assert dataclasses.asdict(one)["cites"] == ({"id": "a", "title": "A", "path": "/a/", "quote": "It says so."},)
    assert Held("uncited", "Held.", terms=("Kafka",)) == Held("uncited", "Held.")  # the terms are left out of equality
