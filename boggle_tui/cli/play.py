"""`boggle play`: the Textual game."""

from __future__ import annotations

import argparse


def run_play(args: argparse.Namespace) -> int:
    from boggle_tui.app.main import run_app

    return run_app(args)
