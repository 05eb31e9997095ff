"""Input errors that the CLI turns into one line on stderr and exit status 2."""

from __future__ import annotations


class InputError(Exception):
    """Bad input: names the file, the key and what was expected."""

    def __init__(self, file: str, key: str, expected: str) -> None:
        super().__init__(f"{file}: {key}: expected {expected}")
        self.file = file
        self.key = key
        self.expected = expected

    def __reduce__(self) -> tuple[type[InputError], tuple[str, str, str]]:
        # survives pickling, so a sweep worker's bad-input error reaches the caller intact
        return (InputError, (self.file, self.key, self.expected))
