"""Printing the AST as clingo symbols (the facts of docs/facts.md).

One :class:`AbilityPrinter` per ability: it numbers filters ``f(A, K)`` and quoted abilities
``ab(C, N, Q)`` in the order they are printed (text order), numbers effect parts, and turns
plain Python terms into :class:`clingo.Symbol` values.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from lark import Token

from .contract import SIGNATURES, check
from .effects import AbFact
from .filter_words import as_filter
from .nodes import ABIL, EIDX, Ability, Effect, Filter, Fn, Quoted, Str, _Placeholder

#: Keyword abilities that are triggered or activated abilities (CR 702); the rest are static.
TRIGGERED_KEYWORDS = frozenset({
    "rampage", "cumulative upkeep", "flanking", "echo", "fading", "vanishing", "storm",
    "annihilator", "bushido", "soulshift", "haunt", "graft", "ripple", "gravestorm",
    "poisonous", "champion", "evoke", "hideaway", "conspire", "persist", "exalted",
    "cascade", "rebound", "undying", "soulbond", "extort", "evolve", "myriad", "prowess",
    "renown", "exploit", "ingest", "melee", "fabricate", "afflict", "afterlife", "mentor",
    "riot", "training", "enlist", "backup", "dethrone", "battle cry", "living weapon",
    "for mirrodin!", "mobilize", "firebending", "job select", "provoke", "recover",
    "modular", "epic", "miracle", "squad", "casualty", "offspring", "gift", "exert",
    "ravenous", "decayed", "visit", "space sculptor", "start your engines!", "impending",
    "daybound", "nightbound", "toxic",
})
ACTIVATED_KEYWORDS = frozenset({
    "equip", "cycling", "typecycling", "ninjutsu", "commander ninjutsu", "transmute",
    "unearth", "level up", "scavenge", "outlast", "fortify", "reconfigure", "embalm",
    "eternalize", "encore", "crew", "saddle", "station", "aura swap", "transfigure",
    "forecast", "boast", "exhaust", "adapt", "craft",
})


def keyword_class(name: str) -> str:
    if name in TRIGGERED_KEYWORDS:
        return "triggered"
    if name in ACTIVATED_KEYWORDS:
        return "activated"
    return "static"


#: a clingo identifier (a constant or a function name): lower case first, after any "_"
_IDENTIFIER = re.compile(r"_*[a-z][A-Za-z0-9_']*")
#: clingo's integers are 32-bit; a larger number would be read back wrapped round
_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1
#: identifiers already checked (the vocabulary of terms is small and repeats)
_ATOMS: set[str] = set()


class InvalidTerm(ValueError):
    """A term the printer cannot write as ASP (it would not read back as the same term)."""


def atom(name: str) -> str:
    """``name`` if it is an ASP identifier (not the keyword ``not``: filters say ``non``)."""
    if name in _ATOMS:
        return name
    if _IDENTIFIER.fullmatch(name) is None or name == "not":
        raise InvalidTerm(f"not an ASP identifier: {name!r}")
    _ATOMS.add(name)
    return name


def quote(text: str) -> str:
    """An ASP string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


#: the texts of the numbers below _SMALL (effect indexes, amounts: most numbers printed)
_SMALL = 256
_NUMBERS = tuple(str(k) for k in range(_SMALL))
#: the string terms printed (:class:`~.nodes.Str` → its ASP string literal), bounded
_STRINGS: dict[str, str] = {}
#: fact name → its arity in the contract (names are unique there): a fact's signature is one
#: dictionary look-up; :func:`~.contract.check` only runs (and raises) on a mismatch
_ARITY: dict[str, int] = {name: n for name, n in SIGNATURES}
#: the facts the printer writes itself (not from a transformer's template), checked against the
#: contract once, here, instead of per fact
_OWN_FACTS = (("effect", 3), ("adds", 5), ("adds_effect", 4), ("adds_option", 4), ("adds_to", 2),
              ("effect_option", 4), ("continuous", 4), ("effect_optional", 2), ("trigger_optional", 1))
for _sig in _OWN_FACTS:
    check(*_sig)

class AbilityPrinter:
    """Prints one ability (and its quoted abilities) as ASP fact texts (``self.out``).

    Facts are built as text that is valid by construction: every fact name and arity is in
    the contract (parser/contract.py), every atom and function name is an ASP identifier
    (:func:`atom`), strings are quoted, numbers are Python integers. Nothing is read back
    through clingo here; :class:`~mtgasp.parser.ParsedCard` turns the texts into symbols only
    when a caller asks for them. The nodes printed are only read, never changed.
    """

    def __init__(self, card: str, ab_id: str, is_spell: bool, text_of: Callable[[Quoted], str]) -> None:
        #: the card term and the ability id, as ASP text
        self.card = card
        self.ab = ab_id
        self.is_spell = is_spell
        self.text_of = text_of
        self.out: list[str] = []
        # printed filters and quoted abilities by identity (the same object printed twice is one
        # f(...) / ab(...)); the objects are kept with their symbols so that no id is reused by
        # a later, different object while this printer lives
        self._filters: dict[int, tuple[str, Filter]] = {}
        self._quoted: dict[int, tuple[str, Quoted]] = {}
        self._eidx: int = 0
        #: the class of the ability being printed (activated, triggered, static, ...)
        self._cls = ""
        #: the printer of the card's ability when this one prints a quoted ability inside it
        #: (None for the card's ability itself, so that no printer refers to itself: such a
        #: cycle left every printer and what it holds to the cyclic garbage collector);
        #: quoted abilities, nested ones too, are numbered ab(C, N, 1), ab(C, N, 2), ... in one
        #: sequence
        self._root: AbilityPrinter | None = None
        #: the names of the facts printed about this ability itself (first argument its id);
        #: the card's ability's also ``adds`` when a quoted ability inside it adds mana
        #: (ParsedAbility.kinds)
        self.kinds: set[str] = set()

    # --- terms ----------------------------------------------------------------------------
    # Every text is built by one f-string (one allocation) rather than a chain of "+" (one
    # string per "+"): building strings is most of the printer's work.
    def term(self, t: Any) -> str:
        """``t`` as ASP text: the common exact types tested here, the others dispatched on
        their exact type (:data:`_TERM_PRINTERS`, built once), falling back to
        :meth:`_term_other` for subclasses (a lexer ``Token`` is an error)."""
        ty = type(t)
        if ty is str:
            return t if t in _ATOMS else atom(t)
        if ty is Fn:
            return self._term_fn(t)
        if ty is int and 0 <= t < _SMALL:
            return _NUMBERS[t]
        if t is ABIL:
            return self.ab
        if t is EIDX:
            k = self._eidx
            return _NUMBERS[k] if 0 <= k < _SMALL else str(k)
        if ty is Filter:
            return self.filter(t)
        if ty is Str:  # a subtype, a keyword's name, ...: few texts, printed again and again
            text = _STRINGS.get(t)
            if text is None:
                if len(_STRINGS) >= 10_000:
                    _STRINGS.clear()
                text = _STRINGS[t] = quote(t)
            return text
        return _TERM_PRINTERS.get(ty, AbilityPrinter._term_other)(self, t)

    def _term_str(self, t: str) -> str:
        return t if t in _ATOMS else atom(t)

    def _term_fn(self, t: Fn) -> str:
        name = t.name
        if name not in _ATOMS:
            atom(name)
        args = t.args
        n = len(args)
        if n == 1:  # "type(creature)", "target(F)", ...: most terms
            a = args[0]
            ty = type(a)
            if ty is str:
                return f"{name}({a if a in _ATOMS else atom(a)})"
            if ty is Fn:
                return f"{name}({self._term_fn(a)})"
            return f"{name}({self.term(a)})"
        if n == 2:
            term = self.term
            return f"{name}({term(args[0])},{term(args[1])})"
        if not n:
            return name
        term = self.term
        return f"{name}({','.join([term(a) for a in args])})"

    def _term_int(self, t: int) -> str:
        if not _INT_MIN <= t <= _INT_MAX:  # clingo would wrap it round: a wrong number
            raise InvalidTerm(f"integer out of clingo's range: {t}")
        return str(t)

    def _term_placeholder(self, t: Any) -> str:
        if t is ABIL:
            return self.ab
        if t is EIDX:
            return str(self._eidx)
        raise TypeError(f"cannot print {t!r}")

    def _term_seq(self, t: tuple | list) -> str:
        inner = ",".join([self.term(a) for a in t])
        return "(" + inner + ("," if len(t) == 1 else "") + ")"

    def _term_other(self, t: Any) -> str:
        if isinstance(t, Str):
            return quote(t)
        if isinstance(t, Token):
            raise TypeError(f"raw token in a term: {t.type} {str(t)!r}")
        if isinstance(t, str):
            return self._term_str(t)
        if isinstance(t, Fn):
            return self._term_fn(t)
        if isinstance(t, bool):
            return "true" if t else "false"
        if isinstance(t, int):
            return self._term_int(t)
        if isinstance(t, Filter):
            return self.filter(t)
        if isinstance(t, Quoted):
            return self.quoted(t)
        if isinstance(t, (tuple, list)):
            return self._term_seq(t)
        raise TypeError(f"cannot print {t!r}")

    def filter(self, f: Filter) -> str:
        key = id(f)
        known = self._filters.get(key)
        if known is not None:
            return known[0]
        k = len(self._filters) + 1
        sym = f"f({self.ab},{_NUMBERS[k] if k < _SMALL else k})"
        self._filters[key] = (sym, f)
        out = self.out
        b = 0
        for branch in f.branches:
            b += 1
            sb = _NUMBERS[b] if b < _SMALL else str(b)
            if not branch:
                out.append(f"filter({sym},{sb},any)")
                continue
            for con in branch:
                ty = type(con)
                if ty is str:
                    text = con if con in _ATOMS else atom(con)
                elif ty is Fn:
                    text = self._term_fn(con)
                else:
                    text = self.term(con)
                out.append(f"filter({sym},{sb},{text})")
        return sym

    def quoted(self, q: Quoted) -> str:
        key = id(q)
        root = self._root or self
        known = root._quoted.get(key)
        if known is not None:
            return known[0]
        n = root.ab[root.ab.rindex(",") + 1:-1]
        sym = f"ab({self.card},{n},{len(root._quoted) + 1})"
        root._quoted[key] = (sym, q)
        sub = AbilityPrinter(self.card, sym, False, self.text_of)
        sub._root = root
        sub.print_ability(q.ability)
        if "adds" in sub.kinds:  # the card's ability adds mana through the ability it grants
            root.kinds.add("adds")
        sub.out.append(f"ability_text({sym},{quote(self.text_of(q))})")
        self.out.extend(sub.out)
        return sym

    def fact(self, pred: str, *args: str) -> None:
        if _ARITY.get(pred) != len(args):
            check(pred, len(args))
        if args[0] is self.ab:  # a fact about the ability: its name is a kind of it
            self.kinds.add(pred)
        self.out.append(f"{pred}({','.join(args)})")

    def template(self, pred: str, args: tuple) -> None:
        n = len(args)
        if _ARITY.get(pred) != n:
            check(pred, n)
        a = args[0]  # (every fact has an argument: the contract has no 0-ary fact)
        if a is ABIL:  # a fact about the ability: its name is a kind of it
            self.kinds.add(pred)
            if n == 2:  # pred(A, X): most templates
                a = args[1]
                ty = type(a)
                if ty is Fn:
                    text = self._term_fn(a)
                elif ty is str:
                    text = a if a in _ATOMS else atom(a)
                else:
                    text = self.term(a)
                self.out.append(f"{pred}({self.ab},{text})")
                return
        term = self.term
        self.out.append(f"{pred}({','.join([term(a) for a in args])})")

    # --- abilities ----------------------------------------------------------------------------
    def print_ability(self, ab: Ability) -> None:
        A = self.ab
        cls = ab.cls
        if cls == "plain":
            cls = "spell_effect" if self.is_spell else "static"
        if cls == "keyword":
            kw = ab.facts[0][1][1]
            cls = keyword_class(str(kw))
        self._cls = cls
        if _ARITY.get(cls) != 1:
            check(cls, 1)
        self.out.append(f"{cls}({A})")
        self.kinds.add(cls)
        template = self.template
        for pred, args in ab.facts:
            template(pred, args)
        effects: list[Effect] = []
        ab_facts: list[AbFact] = []
        static_effects = cls == "static"
        for p in ab.effects:
            ty = type(p)
            if ty is Effect:
                effects.append(p)
            elif ty is AbFact:
                ab_facts.append(p)
                # "As ~ enters, ..." and "If <event> would happen, <effects> instead": the
                # effects are what happens (effect/3), not continuous effects
                if p.pred == "as_enters" or p.pred == "replacement":
                    static_effects = False
            elif isinstance(p, Effect):
                effects.append(p)
            elif isinstance(p, AbFact):
                ab_facts.append(p)
                if p.pred in ("as_enters", "replacement"):
                    static_effects = False
        if effects:
            if static_effects:
                self._print_static(effects)
            else:
                self._print_effects(effects)
        for p in ab_facts:
            template(p.pred, p.args)
        if cls == "triggered" and effects and effects[0].optional:
            self.out.append(f"trigger_optional({A})")
            self.kinds.add("trigger_optional")

    def _print_effects(self, effects: list[Effect]) -> None:
        A = self.ab
        out = self.out
        kinds = self.kinds
        template = self.template
        term = self.term
        mana_parts: dict[int, int] = {}
        several = len(effects) > 1
        i = 0
        for e in effects:
            i += 1
            self._eidx = i
            si = _NUMBERS[i] if i < _SMALL else str(i)
            if e.mana is not None:
                out.append(f"effect({A},{si},add_mana)")
                kinds.add("effect")
                kinds.add("adds")
                for alt, parts in enumerate(e.mana, 1):
                    salt = str(alt)
                    start = mana_parts.get(alt, 0)
                    for j, (amount, what, options) in enumerate(parts, start + 1):
                        sj = str(j)
                        amount_text = term(amount)
                        out.append(f"adds({A},{salt},{sj},{amount_text},{term(what)})")
                        if several:  # which effect of the ability the part belongs to
                            out.append(f"adds_effect({A},{salt},{sj},{si})")
                            kinds.add("adds_effect")
                        for m in options:
                            out.append(f"adds_option({A},{salt},{sj},{m})")
                            kinds.add("adds_option")
                    mana_parts[alt] = start + len(parts)
                if e.mana_to is not None:
                    out.append(f"adds_to({A},{term(self._receiver(e.mana_to, effects[:i - 1]))})")
                    kinds.add("adds_to")
            elif e.options:
                out.append(f"effect({A},{si},choice)")
                kinds.add("effect")
                k = 0
                for opt in e.options:
                    k += 1
                    text = term(opt)
                    out.append(f"effect_option({A},{si},{k},{text})")
                kinds.add("effect_option")
            else:
                text = term(e.kind)
                out.append(f"effect({A},{si},{text})")
                kinds.add("effect")
            if e.optional:
                out.append(f"effect_optional({A},{si})")
                kinds.add("effect_optional")
            for pred, args in e.facts:
                template(pred, args)
    def _receiver(self, who: Any, before: list[Effect]) -> Any:
        """"Choose a player. That player adds ...": "that player" is the player chosen by an
        earlier effect of the ability, ``chosen(F)`` (else, in a triggered ability, the
        player of the event: ``event_player``)."""
        if who != "event_player":
            return who
        for e in reversed(before):
            k = e.kind
            if isinstance(k, Fn) and k.name == "choose" and len(k.args) == 2:
                pick = k.args[1]
                if isinstance(pick, Fn) and pick.name == "some" and isinstance(pick.args[0], Filter):
                    if any(Fn("player") in b or "player" in b for b in pick.args[0].branches):
                        return Fn("chosen", pick.args[0])
        return who

    def _print_static(self, effects: list[Effect]) -> None:
        A = self.ab
        out = self.out
        kinds = self.kinds
        term = self.term
        k = 0
        for e in effects:
            k += 1
            self._eidx = k
            sk = _NUMBERS[k] if k < _SMALL else str(k)
            if e.continuous is not None:
                subj, eff = e.continuous
                subject = term(as_filter(subj))
                out.append(f"continuous({A},{sk},{subject},{term(eff)})")
            elif e.mana is not None or e.options:
                # a mana ability or choice written as a static sentence: print it as effects
                self._print_effects([e])
                continue
            else:
                subject = term(Filter([["you"]]))
                out.append(f"continuous({A},{sk},{subject},{term(e.kind)})")
            kinds.add("continuous")
            if e.optional:
                out.append(f"effect_optional({A},{sk})")
                kinds.add("effect_optional")
            for pred, args in e.facts:
                self.template(pred, args)


#: exact type → how :meth:`AbilityPrinter.term` prints it (one dictionary look-up per term
#: instead of a chain of isinstance tests); other types go to ``_term_other``
_TERM_PRINTERS: dict[type, Callable[[AbilityPrinter, Any], str]] = {
    Str: lambda p, t: quote(t),
    str: AbilityPrinter._term_str,
    Fn: AbilityPrinter._term_fn,
    _Placeholder: AbilityPrinter._term_placeholder,
    int: AbilityPrinter._term_int,
    bool: lambda p, t: "true" if t else "false",
    Filter: AbilityPrinter.filter,
    Quoted: AbilityPrinter.quoted,
    tuple: AbilityPrinter._term_seq,
    list: AbilityPrinter._term_seq,
}


#: the facts of each ability ``parser._print_unit`` printed (``ParsedAbility.template`` when no level
#: condition is added to it) → those facts after its head facts (``card_ability``,
#: ``ability_text``, ``ability_word``), one text per fact as the printer wrote it: a caller that
#: judges an ability's facts one by one (the corpus report, mtgasp.corpus_unread) takes them
#: from here instead of splitting the text (:func:`fact_lines`)
_FACT_LINES: dict[str, tuple[str, ...]] = {}
_FACT_LINES_MAX = 200_000


def fact_lines(template: str) -> tuple[str, ...] | None:
    """The facts of an ability's ``template`` (:attr:`ParsedAbility.template`) after its head
    facts (``card_ability``, ``ability_text`` and any ``ability_word``), one text per fact, as
    printed; None when not known (a template with a level condition added, or forgotten: the
    memo is bounded)."""
    return _FACT_LINES.get(template)


def remember_fact_lines(facts: str, body: tuple[str, ...]) -> None:
    """Keep ``body``, the facts after the head facts, for the ability printed as ``facts``
    (:func:`fact_lines`); the memo is emptied when full."""
    if len(_FACT_LINES) >= _FACT_LINES_MAX:
        _FACT_LINES.clear()
    _FACT_LINES[facts] = body
