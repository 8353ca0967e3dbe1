"""The Comprehensive Rules as answer-set programs (package data: the ``*.lp`` files)."""
