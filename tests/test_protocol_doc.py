"""docs/protocol.md matches net/messages.py: every message kind and every field is written down."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from boggle_tui.net import messages as m

DOC = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md").read_text(encoding="utf-8")
DIRECTIONS = ((m.CLIENT_KINDS, m.decode_client), (m.SERVER_KINDS, m.decode_server))  # "end" goes both ways


def parts(cls: type) -> list[type]:
    """The message and every dataclass it holds (a lobby's seats, an end's scores...)."""
    found = [cls]
    for field in dataclasses.fields(cls):
        for name in re.findall(r"\w+", str(field.type)):
            inner = getattr(m, name, None)
            if isinstance(inner, type) and dataclasses.is_dataclass(inner) and inner not in found:
                found += parts(inner)
    return found


def test_the_doc_names_the_version() -> None:
    assert f"version {m.VERSION}" in DOC


@pytest.mark.parametrize("cls", [cls for kinds, _ in DIRECTIONS for cls in kinds.values()], ids=lambda c: c.__name__)
def test_every_message_is_written_down_with_its_fields(cls: type) -> None:
    kind = cls.KIND  # type: ignore[attr-defined]
    assert f"- `{kind}`" in DOC, kind
    for part in parts(cls):
        for field in dataclasses.fields(part):
            assert f'"{field.name}"' in DOC or f"`{field.name}`" in DOC, f"{kind}: {field.name}"


def test_every_message_round_trips_through_the_wire() -> None:
    for kinds, decode in DIRECTIONS:
        for kind, cls in kinds.items():
            required = {f.name: _example(f) for f in dataclasses.fields(cls) if _required(f)}
            message = cls(**required)
            assert decode(m.encode(message)) == message, kind


def _required(field: dataclasses.Field) -> bool:
    return field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING


def _example(field: dataclasses.Field) -> object:
    examples = {"action": "start", "board": (("a", "b"), ("c", "qu")), "word": "cat", "text": "hi", "ready": True,
                "settings": m.Settings(dice="new"), "verdict": "accepted"}  # fmt: skip
    if field.name in examples:
        return examples[field.name]
    low, _ = field.metadata.get("range", (1, 1))
    return max(1, low)
