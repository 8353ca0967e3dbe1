"""Transformer for grammar/effects.lark: sentences → effect parts.

A verb phrase becomes a :class:`VP`; a clause gives it its subject and yields
:class:`~.nodes.Effect` objects; a sentence adds its frame (condition, duration, "then") and
yields a list of parts: effects and ability-level facts (:class:`AbFact`, e.g.
``activation_restriction(A, sorcery_speed)``). The ability assembler (:mod:`.oracle`) numbers
the effects and prints them as ``effect(A, I, Kind)`` (one-shot) or
``continuous(A, K, F, Eff)`` (static abilities).

Verb phrases without a dedicated method are handled by :func:`generic_vp`: the alternative
``v_draw`` becomes the term its row of parser/terms.py names, ``draw(Args)``, with the acting
player first for verbs that have one (``draw(you, 2)``). The verb phrases are in
grammar/verbs.lark (namespace ``effects__verbs``), served by this transformer too.

The transformer is composed of one part per concern: sentence frames (:mod:`.effect_sentences`),
clauses (:mod:`.effect_clauses`), verb phrases (:mod:`.effect_verbs`), tokens
(:mod:`.effect_tokens`), conditions/durations/restrictions (:mod:`.effect_conditions`) and
noun-like terms (:mod:`.effect_terms`); the values they build are in :mod:`.effect_parts`.
"""

from __future__ import annotations

from lark import Transformer

from .effect_sentences import SentenceRules
from .effect_clauses import ClauseRules
from .effect_verbs import VerbRules
from .effect_tokens import TokenRules
from .effect_conditions import ConditionRules
from .effect_terms import TermRules
from .effect_parts import (  # noqa: F401  (re-exported: the names other modules import from here)
    VP,
    AbFact,
    GrammarReject,
    Sentences,
    generic_condition,
    generic_vp,
    make_effects,
)


class EffectsTransformer(
    SentenceRules, ClauseRules, VerbRules, TokenRules, ConditionRules, TermRules, Transformer
):
    """Methods are the aliases of grammar/effects.lark (namespace ``effects``)."""
