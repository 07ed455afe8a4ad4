"""Screens whose keys are described in the player's language.

A binding's description is written once, in English and marked with `N_`, when its class is defined: before
any language is chosen. The footer and the key panel read `Screen.active_bindings`, so these screens give
them each binding with its description passed through the catalogue there, at every drawing; choosing
another language then only needs the bindings refreshed (`Screen.refresh_bindings`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from textual.binding import ActiveBinding
from textual.screen import ModalScreen, Screen

from boggle_tui.i18n import _

Result = TypeVar("Result")


def translated(bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
    return {key: _described(active) for key, active in bindings.items()}


def _described(active: ActiveBinding) -> ActiveBinding:
    binding = active.binding
    description = _(binding.description) if binding.description else ""
    tooltip = _(active.tooltip) if active.tooltip else active.tooltip
    return active._replace(binding=replace(binding, description=description), tooltip=tooltip)


class TranslatedScreen(Screen[Result]):
    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return translated(super().active_bindings)


class TranslatedModalScreen(ModalScreen[Result]):
    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return translated(super().active_bindings)
