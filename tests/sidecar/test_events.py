"""The events the gate makes per sentence (`events.py`): a Sentence and its Cites are frozen msgspec Structs, a Held a
frozen dataclass that sets its fields itself; each made by position and by name, whatever field is added later, and
equal, hashed and shown as a frozen dataclass is."""

from __future__ import annotations

import dataclasses
from typing import Any

import msgspec
import pytest

from docent.sidecar.answer.events import Cite, Held, Item, Row, Sentence

STRUCTS = [Cite, Sentence]


def _fields(cls: type) -> list[tuple[str, Any, Any]]:
    """(name, type as written, default or MISSING) of each field, in order."""
    if cls in STRUCTS:
        return [(f.name, f.type, dataclasses.MISSING if f.default is msgspec.NODEFAULT else f.default)
                for f in msgspec.structs.fields(cls)]
    return [(f.name, f.type, f.default) for f in dataclasses.fields(cls)]


def _values(cls: type) -> dict[str, object]:
    """A distinct value for each field, of its kind."""
    return {name: (f"{name}!" if kind in ("str", str) else (object(),)) for name, kind, _ in _fields(cls)}


@pytest.mark.parametrize("cls", [*STRUCTS, Held])
def test_every_field_is_set_in_order_by_position_and_by_name(cls: type) -> None:
    values = _values(cls)
    for made in (cls(*values.values()), cls(**values)):
        assert {name: getattr(made, name) for name in values} == values
    if cls is Held:  # the stream sends a dataclass's `__dict__` as it stands: the fields' order
        assert list(vars(cls(*values.values()))) == list(values)


@pytest.mark.parametrize("cls", [*STRUCTS, Held])
def test_defaults_are_the_fields_defaults(cls: type) -> None:
    needed = {name: f"{name}!" for name, _, default in _fields(cls) if default is dataclasses.MISSING}
    made = cls(**needed)
    for name, _, default in _fields(cls):
        assert getattr(made, name) == (needed[name] if name in needed else default)


@pytest.mark.parametrize("cls", [*STRUCTS, Held])
def test_still_frozen(cls: type) -> None:
    made = cls(**_values(cls))
    with pytest.raises(AttributeError):  # a frozen dataclass's FrozenInstanceError is one
        setattr(made, _fields(cls)[0][0], "changed")


def test_equality_hash_and_repr_as_a_dataclass_gives_them() -> None:
    cite = Cite("a", "A", "/a/", "It says so.")
    one = Sentence("It says so.", (cite,), (("em", 0, 2),), Item(2), True, Row(((0, 2),)))
    two = Sentence("It says so.", (Cite("a", "A", "/a/", "It says so."),), (("em", 0, 2),), Item(2), True, Row(((0, 2),)))
    assert one == two and hash(one) == hash(two)
    assert one != Sentence("It says so.", (cite,), (("em", 0, 2),), Item(2), False, Row(((0, 2),)))
    assert repr(cite) == "Cite(id='a', title='A', path='/a/', quote='It says so.')"
    assert repr(Sentence("It.", (Cite("a", "A", "/a/"),))) == (
        "Sentence(text='It.', cites=(Cite(id='a', title='A', path='/a/', quote=''),), spans=(), item=None, line=False, "
        "row=None, heading=False)"
    )
    assert msgspec.structs.replace(cite, quote="") == Cite("a", "A", "/a/")
    assert Sentence.event == one.event == "sentence"
    assert Held("uncited", "Held.", terms=("Kafka",)) == Held("uncited", "Held.")  # the terms are left out of equality
