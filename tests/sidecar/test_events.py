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


# A value for each field of every stream event, by the field's name: the first for a field that must be given, each
# for one that has a default (beside it left out). A field added to an event needs one here.
SAMPLES: dict[str, tuple[object, ...]] = {
    "conversation": ("c-1",), "question": (2,), "model": ("replay",),
    "text": ("It says `so`.\nA line\u2028more, é.",), "language": ("python",),
    "cites": ((Cite("a", "A", "/a/"), Cite("b", "B", "/b/#x", quote="It says so.")), (Cite("a", "A", "/a/", ""),)),
    "spans": ((("code", 9, 11), ("em", 0, 2)),), "item": (Item(2), Item(None), Item()), "line": (True,),
    "row": (Row(((0, 2), (3, 5)), header=True), Row(((0, 2),))), "heading": (True,), "run": ((2, 3, 5),),
    "tool": ("show_page",), "id": ("lab",), "label": ("Lab",), "path": ("/lab/",), "extra": ({"preset": "slow"},),
    "kind": ("links", "confirm"), "call": ("call-1",), "body": ({"items": [{"label": "Lab", "path": "/lab/"}]},),
    "reason": ("unknown_term",), "message": ("Held back.",), "terms": (("Kafka",),), "sentence": (Sentence("x"),),
    "code": ("internal",), "actions": (2,), "input_tokens": (10,), "output_tokens": (20,), "cache_read_tokens": (30,),
    "cache_write_tokens": (40,), "cost_usd": (0.25,), "first_word_ms": (12.5,), "bundle": ("abc123",),
    "waiting": (True,),
}


def _event_fields(cls: type) -> list[tuple[str, bool]]:
    """(name, has a default) of each field of an event, a Struct's or a dataclass's."""
    if issubclass(cls, msgspec.Struct):
        return [(f.name, f.default is not msgspec.NODEFAULT) for f in msgspec.structs.fields(cls)]
    return [(f.name, f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING)
            for f in dataclasses.fields(cls)]


def _every_event() -> list[object]:
    """Each kind of stream event (and each kind of hold) made with its given fields, then with each defaulted field
    set to each of its samples alone, then with all of them set."""
    from typing import get_args

    from docent.sidecar.answer.events import LateNone, Referred, StreamEvent

    kinds = [*get_args(StreamEvent), Referred, LateNone]
    assert set(Held.__subclasses__()) <= set(kinds)
    made: list[object] = []
    for cls in kinds:
        given = {name: SAMPLES[name][0] for name, optional in _event_fields(cls) if not optional}
        optional = [name for name, has_default in _event_fields(cls) if has_default]
        made.append(cls(**given))
        made += [cls(**given, **{name: sample}) for name in optional for sample in SAMPLES[name]]
        made.append(cls(**given, **{name: SAMPLES[name][0] for name in optional}))
    return made


@pytest.mark.parametrize("event", _every_event(), ids=repr)
def test_every_event_is_framed_as_its_payload_words_it(event: Any) -> None:
    """Two writers give an event's shape: `stream.frame` (what the panel reads, written field by field for speed) and
    `events.payload` (what the turn's tests and tools read). Every kind of event, each field set and left unset, in
    both: the same object, under the event's own name."""
    import json

    from docent.sidecar.answer.events import payload
    from docent.sidecar.stream import frame

    head, _, data = frame(event).partition(b"\r\ndata: ")
    assert head == b"event: " + event.event.encode()
    assert json.loads(data) == payload(event)
