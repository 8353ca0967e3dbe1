"""The Comprehensive Rules as answer-set programs (package data: the ``*.lp`` files)."""

from pathlib import Path


def rules_dir() -> Path:
    """The directory of the installed rule files (this package's data)."""
    from importlib import resources

    return Path(str(resources.files(__name__)))
