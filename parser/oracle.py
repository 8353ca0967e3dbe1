"""Transformer for grammar/oracle.lark: one line → :class:`~.nodes.Ability` objects.

The module transformers (merged into this one under their namespaces) build costs, triggers,
keywords and effect parts; here they are put together into abilities:

* a keyword line gives one keyword ability per keyword, with the token span of each;
* ``costs ":" effects`` an activated ability (``cost(A, C)`` facts);
* ``trigger "," effects`` a triggered ability (``trigger(A, Event)`` facts);
* anything else a "plain" ability, static or a spell's effect depending on the card type.
"""

from __future__ import annotations

from typing import Any

from lark import Transformer

from .lalr_shaping import by_text, child
from .nodes import ABIL, EIDX, Ability, Effect, Fn, Str
from .effects import AbFact, Sentences
from .keywords import KW
from .triggers import Trigger


def keyword_ability(kw: KW) -> Ability:
    facts = [("keyword", (ABIL, Str(kw.name)))]
    facts += [("keyword_param", (ABIL, p)) for p in kw.params]
    facts += kw.facts
    return Ability("keyword", facts)


class KeywordLine(list):
    """The abilities of a keyword line, with the offsets of the separators between them."""

    def __init__(self, abilities: list[Ability], separators: list[tuple[int, int]]) -> None:
        super().__init__(abilities)
        self.separators = separators


def _bind_that_color(trig: Trigger, parts: list) -> None:
    """"... mana of the chosen color, add one additional mana of that color" (Caged Sun):
    "that color" is the color the trigger condition names."""
    named = None
    for e in trig.events:
        if isinstance(e, Fn) and e.name in ("adds_mana", "tapped_for_mana_of") and e.args[-1] == "chosen_color":
            named = "chosen_color"
    if named is None:
        return
    for p in parts:
        if isinstance(p, Effect) and p.mana is not None:
            p.mana = [[(a, named if w == "that_color" else w, o) for a, w, o in alt] for alt in p.mana]


class ModeList(list):
    """The modes of a modal ability, with the names of the named ones (mode number → name)."""

    def __init__(self) -> None:
        super().__init__()
        self.names: dict[int, str] = {}


def _parts(block: Sentences) -> list:
    return list(block.parts)


class OracleTransformer(Transformer):
    """Methods are the rule names and aliases of grammar/oracle.lark (no namespace)."""

    def start(self, c: list) -> Any:
        return c[0]

    line = child(0)
    keyword_line = child(0)

    def keyword_only(self, c: list) -> list[Ability]:
        return [keyword_ability(c[0])]

    def keyword_action_line(self, c: list) -> list[Ability]:
        return [keyword_ability(c[0])]

    def activated(self, c: list) -> Ability:
        costs, block = c[1], c[2]
        facts = [("cost", (ABIL, x)) for x in costs]
        return Ability("activated", facts, _parts(block))

    def class_level(self, c: list) -> Ability:
        from .filters import number_value

        facts = [("cost", (ABIL, x)) for x in c[1]]
        return Ability("activated", facts, [Effect(Fn("class_level", number_value(c[2])))])

    def modal_activated_note(self, c: list) -> Ability:
        """"{4}, {T}: Choose one. Activate only as a sorcery. • ...": the note's restrictions too."""
        ab = self.modal_activated([c[0], c[1], c[2], c[4]])
        ab.effects = [p for p in c[3].parts if not isinstance(p, Effect)] + ab.effects
        return ab

    def modal_with_note(self, c: list) -> Ability:
        ab = self.modal_ability([c[0], c[2]])
        ab.effects = [p for p in c[1].parts if not isinstance(p, Effect)] + ab.effects
        return ab

    def loyalty_ability(self, c: list) -> Ability:
        return Ability("activated", [("cost", (ABIL, Fn("loyalty", c[1])))], _parts(c[2]))

    @by_text
    def loyalty_signed(self, c: list) -> Any:
        s = str(c[0])
        if s.lower().endswith("x"):
            return Fn("neg", "x") if s.startswith("-") else "x"
        return int(s)

    def loyalty_zero(self, c: list) -> Any:
        return int(str(c[0])) if str(c[0]).isdigit() else 0

    def triggered(self, c: list) -> Ability:
        trig: Trigger = c[0]
        facts = [("trigger", (ABIL, e)) for e in trig.events]
        parts = _parts(c[1])
        _bind_that_color(trig, parts)
        return Ability("triggered", facts, parts)

    def modal_conditional(self, c: list) -> Ability:
        ab = self.modal_ability([c[0], c[2]])
        ab.facts.append(c[1])
        return ab

    def modal_triggered_conditional(self, c: list) -> Ability:
        ab = self.modal_triggered([c[0], c[1], c[3]])
        ab.facts.append(c[2])
        return ab

    def modal_more_count(self, c: list) -> list:
        return [str(t) for t in c]

    def modal_more(self, c: list) -> tuple:
        """"If <condition>, you may choose both": modal_if(A, Condition, Lo, Hi)."""
        words = " ".join(str(t).lower() for t in c[1])
        hi = 2 if words == "both" else "all"
        return ("modal_if", (ABIL, c[0], 1, hi))

    def modal_activated(self, c: list) -> Ability:
        """"{X}, {T}: Choose one — • ... • ...": an activated ability with modes."""
        ab = self.modal_ability(c[2:])
        ab.cls = "activated"
        ab.facts = [("cost", (ABIL, x)) for x in c[1]] + ab.facts
        return ab

    def modal_triggered(self, c: list) -> Ability:
        trig: Trigger = c[0]
        ab = self.modal_ability(c[1:])
        ab.cls = "triggered"
        ab.facts = [("trigger", (ABIL, e)) for e in trig.events] + ab.facts
        return ab

    def plain_ability(self, c: list) -> Ability:
        return Ability("plain", [], _parts(c[0]))

    def modal_ability(self, c: list) -> Ability:
        lo, hi, *limit = c[0]
        modes: list[Sentences] = c[1]
        hi = len(modes) if hi == "all" else hi
        facts: list = [("modal", (ABIL, lo, hi))]
        facts += [("modal_limit", (ABIL, x)) for x in limit]
        facts += [("mode_name", (ABIL, m, Str(name.lower())))
                  for m, name in sorted(getattr(modes, "names", {}).items())]
        parts: list = []
        for m, block in enumerate(modes, 1):
            for p in block.parts:
                if isinstance(p, Effect):
                    p.facts.append(("effect_mode", (ABIL, EIDX, m)))
                parts.append(p)
        return Ability("plain", facts, parts)

    def spree_mode(self, c: list) -> tuple:
        from .mana import group_symbols

        return ([Fn("mana", s, k) for s, k in group_symbols(c[0])], c[1])

    def spree_ability(self, c: list) -> Ability:
        """CR 702.172: "Spree" and its modes, each with an additional cost."""
        facts: list = [("keyword", (ABIL, Str("spree"))), ("modal", (ABIL, 1, len(c)))]
        parts: list = []
        for m, (cost, block) in enumerate(c, 1):
            facts += [("mode_cost", (ABIL, m, x)) for x in cost]
            for p in block.parts:
                if isinstance(p, Effect):
                    p.facts.append(("effect_mode", (ABIL, EIDX, m)))
                parts.append(p)
        return Ability("plain", facts, parts)

    @by_text
    def modal_n(self, c: list) -> tuple:
        n = _num(c[0])
        return (n, n)

    def modal_n_unchosen_this_turn(self, c: list) -> tuple:
        """"Choose one that hasn't been chosen this turn —": modal_limit(A, unchosen_this_turn)."""
        n = _num(c[0])
        return (n, n, "unchosen_this_turn")

    def modal_n_unchosen(self, c: list) -> tuple:
        """"Choose one that hasn't been chosen —" (for as long as the object stays):
        modal_limit(A, unchosen)."""
        n = _num(c[0])
        return (n, n, "unchosen")

    def modal_n_or_more(self, c: list) -> tuple:
        return (_num(c[0]), "all")

    def modal_one_or_both(self, c: list) -> tuple:
        return (1, 2)

    def modal_any(self, c: list) -> tuple:
        return (0, "all")

    def modal_up_to(self, c: list) -> tuple:
        return (0, _num(c[0]))

    def modes(self, c: list) -> list:
        out = ModeList()
        for x in c:
            if isinstance(x, tuple):
                out.names[len(out) + 1] = x[0]
                out.append(x[1])
            elif isinstance(x, Sentences):
                out.append(x)
        return out

    mode_body = child(0)

    def mode_named(self, c: list) -> tuple:
        """"• Take the Elevator — Create ...": the mode's name (a flavor word) and its effects."""
        return (str(c[0]), c[1])

    def tiered_mode(self, c: list) -> tuple:
        from .mana import group_symbols

        return (str(c[0]), [Fn("mana", s, k) for s, k in group_symbols(c[1])], c[2])

    def tiered_ability(self, c: list) -> Ability:
        """CR 702.183: "Tiered" — choose exactly one mode and pay its additional cost."""
        facts: list = [("keyword", (ABIL, Str("tiered"))), ("modal", (ABIL, 1, 1))]
        parts: list = []
        for m, (name, cost, block) in enumerate(c, 1):
            facts.append(("mode_name", (ABIL, m, Str(name.lower()))))
            facts += [("mode_cost", (ABIL, m, x)) for x in cost]
            for p in block.parts:
                if isinstance(p, Effect):
                    p.facts.append(("effect_mode", (ABIL, EIDX, m)))
                parts.append(p)
        return Ability("plain", facts, parts)

    def chapter_ability(self, c: list) -> Ability:
        chapters, block = c
        facts = [("trigger", (ABIL, Fn("chapter", n))) for n in chapters]
        return Ability("triggered", facts, _parts(block))

    def chapter_ability_named(self, c: list) -> Ability:
        """"I — Lunge — Ifrit fights ...": the chapter's name is a flavor word."""
        ab = self.chapter_ability([c[0], c[2]])
        ab.facts.append(("ability_word", (ABIL, Str(str(c[1]).lower()))))
        return ab

    def chapter_delayed_trigger(self, c: list) -> Ability:
        """"III — Whenever you cast a spell ... this turn, draw two cards": the chapter ability
        creates a delayed triggered ability (CR 603.7)."""

        chapters, trig, block = c
        parts = [AbFact("delayed_trigger", (ABIL, "this_turn", e)) for e in trig.events]
        for p in _parts(block):
            if isinstance(p, Effect):
                p.facts.append(("effect_delayed", (ABIL, EIDX, "on_trigger")))
            parts.append(p)
        facts = [("trigger", (ABIL, Fn("chapter", n))) for n in chapters]
        return Ability("triggered", facts, parts)

    def chapters(self, c: list) -> list[int]:
        return list(c)

    @by_text
    def roman(self, c: list) -> int:
        return _roman(str(c[0]))

    @by_text
    def prefix_keyword(self, c: list) -> str:
        return str(c[0]).lower()

    def keyword_activated(self, c: list) -> Ability:
        """Boast/Forecast/Exhaust — [Cost]: [Effect] (CR 702.142, 702.57, 702.177)."""
        ab: Ability = c[1]
        ab.facts.insert(0, ("keyword", (ABIL, Str(c[0]))))
        ab.cls = "activated"
        return ab

    def solved_ability(self, c: list) -> Any:
        """CR 702.169: the ability works only while this Case is solved."""
        return self._conditional_keyword(c[0], "solved", "solved")

    def to_solve(self, c: list) -> Ability:
        '''CR 719.3a: "To solve — [Condition]" means "At the beginning of your end step, if
        [condition] and this Case is not solved, this Case becomes solved."'''
        eff = Effect(Fn("become_solved", "self"), [
            ("effect_condition", (ABIL, EIDX, c[0])),
            ("effect_condition", (ABIL, EIDX, Fn("non", "solved"))),
        ])
        return Ability("triggered", [("trigger", (ABIL, Fn("phase", "end", "you")))], [eff])

    def infinity_ability(self, c: list) -> Any:
        """CR 702.186: "∞ — [Ability]": as long as this permanent is harnessed."""
        return self._conditional_keyword(c[0], "∞", "harnessed")

    def _conditional_keyword(self, inner: Any, name: str, cond: str) -> Any:
        abilities = inner if isinstance(inner, list) else [inner]
        for ab in abilities:
            ab.facts.insert(0, ("keyword", (ABIL, Str(name))))
            ab.facts.append(("ability_condition", (ABIL, cond)))
        return inner

    def visit_ability(self, c: list) -> Ability:
        """CR 702.159: "Visit — [Effect]" triggers when you roll to visit your Attractions."""
        return Ability("triggered", [("keyword", (ABIL, Str("visit"))), ("trigger", (ABIL, "visit"))], _parts(c[0]))

    def companion_ability(self, c: list) -> Ability:
        return Ability("keyword", [("keyword", (ABIL, Str("companion"))), ("keyword_param", (ABIL, c[0]))])

    def cc_each(self, c: list) -> Any:
        return Fn("each_card", c[0], c[1])

    def cc_no_repeated_symbol(self, c: list) -> Any:
        return "no_repeated_mana_symbol"

    def cc_only(self, c: list) -> Any:
        return Fn("only", *c)

    def cc_min_size(self, c: list) -> Any:
        from .filters import number_value

        return Fn("deck_size_above_minimum", number_value(c[0]))

    def dp_is(self, c: list) -> Any:
        return Fn("is", c[0])

    def dp_different_names(self, c: list) -> Any:
        return "different_names"

    def dp_share_card_type(self, c: list) -> Any:
        return "share_card_type"

    def dp_activated_ability(self, c: list) -> Any:
        return "has_activated_ability"

    def deck_property(self, c: list) -> Any:
        """The alternatives of deck_property/deck_cards without an alias of their own are the
        shared "mana value N or less" (mv_cmp); ``?`` inlines it, so this is its value."""
        return c[-1]

    deck_cards = deck_property

    def mv_cmp(self, c: list) -> Any:
        """"(have / cards with) mana value 2 or less" in a companion condition."""
        op, n = c[-1]
        return Fn("mana_value", op, n)

    def dc_parity(self, c: list) -> Any:
        """"cards with even/odd mana values" → even_mana_value / odd_mana_value."""
        return f"{c[0]}_mana_value"

    def parity(self, c: list) -> str:
        return str(c[0]).lower()

    def dc_lands(self, c: list) -> Any:
        return Fn("type", "land")

    def keyword_with_rider(self, c: list) -> Ability:
        """"Equip {2}. This ability costs {1} less to activate if ...": the keyword and the
        sentence that modifies it, one ability."""
        ab = keyword_ability(c[0])
        ab.effects = _parts(c[1])
        return ab

    def keyword_with_period(self, c: list) -> Ability:
        """'have "Cumulative upkeep {1}."': a keyword written with a period (in quotes)."""
        return keyword_ability(c[0])

    def keyword_where_x(self, c: list) -> Ability:
        """"Ward {X}, where X is the number of ...": the keyword with its X, and X's definition
        (keyword_x/2); the keyword's parameters keep x."""
        ab = keyword_ability(c[0])
        ab.facts.append(("keyword_x", (ABIL, c[-1])))
        return ab

    def station_symbol(self, c: list) -> Ability:
        from .filters import number_value

        n = number_value(c[0])
        ab = Ability("keyword", [("keyword", (ABIL, Str("station symbol"))), ("keyword_param", (ABIL, Fn("n", n)))])
        ab.header = Fn("station_range", n, "infinity")
        return ab

    def level_symbol(self, c: list) -> Ability:
        from .filters import number_value

        lo, hi = number_value(c[0]), abs(int(str(c[1])))
        ab = Ability("keyword", [("keyword", (ABIL, Str("level symbol"))), ("keyword_param", (ABIL, Fn("range", lo, hi)))])
        ab.header = Fn("level_range", lo, hi)
        return ab

    def level_symbol_open(self, c: list) -> Ability:
        from .filters import number_value

        lo = number_value(c[0])
        ab = Ability("keyword", [("keyword", (ABIL, Str("level symbol"))), ("keyword_param", (ABIL, Fn("range", lo, "infinity")))])
        ab.header = Fn("level_range", lo, "infinity")
        return ab

    def pt_box(self, c: list) -> Ability:
        """The P/T box under a level or station symbol (CR 711.2a, 721): base P/T at that level."""
        p, t = str(c[0]).split("/")
        eff = Fn("set_base_pt", _int_or_str(p), _int_or_str(t))
        return Ability("plain", [], [Effect(Fn("apply", "self", eff, "permanent"), continuous=("self", eff))])

    def max_speed(self, c: list) -> Any:
        inner = c[0]
        abilities = inner if isinstance(inner, list) else [inner]
        for ab in abilities:
            ab.facts.insert(0, ("keyword", (ABIL, Str("max speed"))))
            ab.facts.append(("ability_condition", (ABIL, "max_speed")))
        return inner


def _num(tok: Any) -> int:
    from .filters import number_value

    return number_value(tok)


def _int_or_str(s: str) -> Any:
    try:
        return int(s)
    except ValueError:
        return "star" if s == "*" else Str(s)


_ROMAN = {"I": 1, "V": 5, "X": 10}


def _roman(s: str) -> int:
    total = 0
    prev = 0
    for ch in reversed(s.upper()):
        v = _ROMAN.get(ch)
        if v is None:
            raise ValueError(f"not a chapter number: {s!r}")
        total = total - v if v < prev else total + v
        prev = max(prev, v)
    return total
