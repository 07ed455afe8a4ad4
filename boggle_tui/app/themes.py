"""The game's own theme: Okabe and Ito's colour-blind-safe palette (blue and orange, never red against green)."""

from __future__ import annotations

from textual.theme import Theme

# Okabe & Ito (2008), "Color Universal Design": distinguishable with every common colour-vision deficiency.
OKABE_ITO = Theme(
    name="okabe-ito",
    primary="#0072B2",  # blue
    secondary="#E69F00",  # orange
    accent="#56B4E9",  # sky blue
    warning="#F0E442",  # yellow
    error="#D55E00",  # vermillion
    success="#009E73",  # bluish green
    foreground="#F0F0F0",
    background="#101418",
    surface="#1A2026",
    panel="#26303A",
    dark=True,
)

THEMES = [OKABE_ITO]
# Offered on the start screen, in this order: the colour-blind-safe theme and the terminal's own colours first.
THEME_CHOICES = [
    "textual-dark", "textual-light", "okabe-ito", "ansi-dark", "ansi-light",
    "nord", "gruvbox", "dracula", "tokyo-night", "catppuccin-mocha",
]  # fmt: skip
