"""mtgasp: a declarative Magic: The Gathering rules engine.

The Comprehensive Rules live in answer-set programs (``mtgasp.rules_asp``), card behaviour comes
from parsed Oracle text (``mtgasp.parser``), and this package is the thin bridge that loads
cards and game states, asks clingo for every legal outcome and explains each by CR number.
"""

from __future__ import annotations

__version__ = "0.1.0"
