"""boggle-tui: Boggle in the terminal, on a fast trie solver."""

__version__ = "0.1.0"
