"""Transformer for grammar/filters.lark: descriptions → :class:`Filter`, noun phrases → refs.

The transformer is composed of one part per concern: noun phrases, possessives, counts and
descriptions (:mod:`.filter_nouns`), the constraints written after a noun, zones, amounts and
qualities (:mod:`.filter_posts`); the helpers they share with the other transformers (a
description's words → a filter, a reference → its filter, a player's term, a number's value)
are in :mod:`.filter_words` and re-exported here.
"""

from __future__ import annotations

from lark import Transformer

from .filter_nouns import NounRules
from .filter_posts import PostRules
from .filter_words import (  # noqa: F401  (re-exported: the names other modules import from here)
    Sep,
    Word,
    any_target_filter,
    as_filter,
    combine_words,
    number_value,
    player_term,
    ref_filter,
    subtype_name,
    type_word_constraint,
)


class FiltersTransformer(NounRules, PostRules, Transformer):
    """Methods are the aliases of grammar/filters.lark (namespace ``filters``)."""
