"""The one exception type the command line and the app turn into calm messages."""


class BoggleError(Exception):
    """Bad input from a person or a file: the message says what was wrong."""


def cut_short(text: str, most: int = 60) -> str:
    """What a person gave, cut short for a message, so that a message stays one line whatever was given."""
    return text if len(text) <= most else text[:most] + "…"
