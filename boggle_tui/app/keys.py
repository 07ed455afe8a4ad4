"""The keys in force, named for the player: every text that names a key reads them here.

A player may remap any binding by its id in settings.json (`"keys": {"pause": "f9"}`); the app
keeps that map as `app.keymap`. A key named anywhere else (a notice, a hint line, the palette,
a button) would go stale the moment a key is remapped.
"""

from __future__ import annotations

import re
from typing import Any

from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode

from boggle_tui.i18n import _


def key_name(key: str) -> str:
    """`ctrl+r` as Ctrl+R, `f4` as F4, `escape` as Escape; a key that is one letter stays as typed."""
    parts = key.strip().split("+")
    if len(parts) == 1 and len(parts[0]) == 1:
        return parts[0]
    return "+".join(p.upper() if len(p) == 1 or re.fullmatch(r"f\d+", p) else p.capitalize() for p in parts)


def short_key_name(key: str) -> str:
    """As `key_name`, with Ctrl as a caret, the way a footer shows it: `ctrl+l` as ^L."""
    name = key_name(key)
    return "^" + name.removeprefix("Ctrl+") if name.startswith("Ctrl+") and "+" not in name[5:] else name


def either(names: list[str]) -> str:
    """Key names as a phrase of alternatives: `Ctrl+P or F9` (one name alone as it is)."""
    phrase = names[0] if names else ""
    for name in names[1:]:
        # Translators: two keys that do the same thing, e.g. "Ctrl+P or F9"; {keys} may already be such a phrase.
        phrase = _("{keys} or {key}").format(keys=phrase, key=name)
    return phrase


def binding_keys(app: App[Any], binding: Binding) -> list[str]:
    """The names of the keys that trigger `binding` now: the player's keymap first, else its own keys."""
    keymap: dict[str, str] = getattr(app, "keymap", {})
    keys = keymap.get(binding.id or "", binding.key)
    named: list[str] = []
    for key in keys.split(","):
        if (name := key_name(key)) not in named:
            named.append(name)
    return named


def all_bindings(owner: type[DOMNode] | DOMNode) -> list[Binding]:
    """`owner`'s bindings as Textual merges them: its own class's first, then those it inherits."""
    cls = owner if isinstance(owner, type) else type(owner)
    found: list[Binding] = []
    for klass in cls.__mro__:
        found += [b for b in klass.__dict__.get("BINDINGS", []) if isinstance(b, Binding)]
        if not klass.__dict__.get("_inherit_bindings", True):
            break
    return found


def find_binding(owner: type[DOMNode] | DOMNode, binding_id: str) -> Binding:
    """The binding called `binding_id` among `owner`'s bindings (a screen, a widget or the app)."""
    for binding in all_bindings(owner):
        if binding.id == binding_id:
            return binding
    raise LookupError(f"{getattr(owner, '__name__', type(owner).__name__)} has no binding {binding_id!r}")


def keys_for(app: App[Any], owner: type[DOMNode] | DOMNode, binding_id: str, *, first: bool = False) -> str:
    """The keys in force for a binding, as a phrase: `Ctrl+P or F9`; `first` names only the first key."""
    named = binding_keys(app, find_binding(owner, binding_id))
    return named[0] if first else either(named)


def short_key_for(app: App[Any], owner: type[DOMNode] | DOMNode, binding_id: str) -> str:
    """The first key in force for a binding, named short (`^L`, `F5`), for a line with little room."""
    keymap: dict[str, str] = getattr(app, "keymap", {})
    binding = find_binding(owner, binding_id)
    return short_key_name(keymap.get(binding_id, binding.key).split(",")[0])
