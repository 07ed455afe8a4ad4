"""The one exception type the command line and the app turn into calm messages."""


class BoggleError(Exception):
    """Bad input from a person or a file: the message says what was wrong."""
