"""Transformer for grammar/keywords.lark: keyword abilities (CR 702) → :class:`KW`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lark import Transformer

from .lalr_shaping import by_text
from .nodes import ABIL, Filter, Fn, Str
from .filters import number_value, subtype_name
from .mana import group_symbols
from .vocabulary import KEYWORD_HEADINGS
from .split import ability_word_prefix, normalise


@dataclass
class KW:
    """A keyword ability: its name (lower case, CR 702 spelling) and its parameters."""

    name: str
    params: list[Any] = field(default_factory=list)
    #: facts that describe terms of the parameters (the token of an action cost: token_pt/3, ...)
    facts: list[Any] = field(default_factory=list)


def _words(c: list) -> str:
    """The words of a keyword's name, lower case ("First strike" → "first strike")."""
    return " ".join([str(t) for t in c]).lower()


def _quality(q: Any) -> Any:
    """from(Quality): a single constraint inline ("from red" → color(r)), else the filter."""
    if isinstance(q, Filter) and len(q.branches) == 1 and len(q.branches[0]) == 1:
        return q.branches[0][0]
    return q


#: (KeywordLine, keyword_ability) of :mod:`.oracle`, which imports this module: bound on first
#: use (a function-level import statement costs microseconds at every call)
_ORACLE: tuple[Any, Any] | None = None


def _bind_oracle() -> None:
    global _ORACLE
    from .oracle import KeywordLine, keyword_ability

    _ORACLE = (KeywordLine, keyword_ability)


class KeywordsTransformer(Transformer):
    """Methods are the aliases of grammar/keywords.lark (namespace ``keywords``)."""

    def k_list(self, c: list) -> Any:
        if _ORACLE is None:
            _bind_oracle()
        KeywordLine, keyword_ability = _ORACLE  # noqa: N806 (oracle.py imports this module)
        abilities = [keyword_ability(k) for k in c if isinstance(k, KW)]
        seps = [(t.start_pos, t.end_pos) for t in c if not isinstance(t, KW)]
        return KeywordLine(abilities, seps)

    def kw_sep(self, c: list) -> Any:
        return c[0]

    @by_text
    def kwn_plain(self, c: list) -> str:
        return _words(c)

    @by_text
    def kwn_numbered(self, c: list) -> str:
        return _words(c)

    @by_text
    def kwn_costed(self, c: list) -> str:
        return _words(c)

    def kname(self, c: list) -> str:
        return c[0]

    def k_plain(self, c: list) -> KW:
        name = c[0]
        if name.endswith("walk") and name != "landwalk":
            return KW("landwalk", [Fn("subtype", Str(subtype_name(name[:-4])))])
        return KW(name)

    def k_number(self, c: list) -> KW:
        return KW(c[0], [Fn("n", number_value(c[1]))])

    def k_number_bare(self, c: list) -> KW:
        return KW(c[0])

    def k_number_x(self, c: list) -> KW:
        return KW(c[0], [Fn("n", "x")])

    def k_cost(self, c: list) -> KW:
        return KW(c[0], c[1])

    def k_protection(self, c: list) -> KW:
        return KW("protection", [Fn("from", _quality(q)) for q in c[0]])

    def k_hexproof_from(self, c: list) -> KW:
        return KW("hexproof", [Fn("from", _quality(q)) for q in c[0]])

    def protection_list(self, c: list) -> list:
        return list(c)

    def k_enchant(self, c: list) -> KW:
        return KW("enchant", [c[0]])

    def k_equip(self, c: list) -> KW:
        return KW("equip", c[0])

    def k_equip_restricted(self, c: list) -> KW:
        return KW("equip", [c[0]] + c[1])

    def dwords_kw(self, c: list) -> Any:
        return c[0]

    def k_ward(self, c: list) -> KW:
        return KW("ward", c[0])

    def k_affinity(self, c: list) -> KW:
        return KW("affinity", [c[0]])

    def k_landwalk(self, c: list) -> KW:
        word = str(c[0])
        return KW("landwalk", [Fn("subtype", Str(subtype_name(word[:-4])))])

    def k_landwalk_nonbasic(self, c: list) -> KW:
        return KW("landwalk", [Fn("non", Fn("supertype", "basic"))])

    def k_landwalk_legendary(self, c: list) -> KW:
        return KW("landwalk", [Fn("supertype", "legendary")])

    def k_landwalk_artifact(self, c: list) -> KW:
        return KW("landwalk", [Fn("type", "artifact")])

    def k_landwalk_snow(self, c: list) -> KW:
        word = str(c[0])
        return KW("landwalk", [Fn("supertype", "snow"), Fn("subtype", Str(subtype_name(word[:-4])))])

    def k_landwalk_snow_any(self, c: list) -> KW:
        return KW("landwalk", [Fn("supertype", "snow")])

    def k_typecycling(self, c: list) -> KW:
        word = str(c[0])[: -len("cycling")]
        if word.lower() == "land":
            p: Any = Fn("type", "land")
        else:
            p = Fn("subtype", Str(subtype_name(word)))
        return KW("typecycling", [p] + c[1])

    def k_basic_landcycling(self, c: list) -> KW:
        return KW("typecycling", [Fn("supertype", "basic"), Fn("type", "land")] + c[0])

    def k_partner_with(self, c: list) -> KW:
        return KW("partner", [Fn("with", Str(c[0]))])

    def name_words_kw(self, c: list) -> str:
        return " ".join(str(t) for t in c).replace(" ,", ",")

    def k_splice(self, c: list) -> KW:
        return KW("splice", [Fn("onto", Fn("subtype", Str(subtype_name(str(c[0])))))] + c[1])

    def k_splice_instant_sorcery(self, c: list) -> KW:
        return KW("splice", [Fn("onto", Fn("type", "instant")), Fn("onto", Fn("type", "sorcery"))] + c[0])

    def _n_then_cost(self, name: str, c: list, x: bool = False) -> KW:
        n = "x" if x else number_value(c[0])
        cost = c[-1]
        return KW(name, [Fn("n", n)] + [Fn("mana", s, k) for s, k in group_symbols(cost)])

    def k_suspend(self, c: list) -> KW:
        return self._n_then_cost("suspend", c)

    def k_suspend_x(self, c: list) -> KW:
        return self._n_then_cost("suspend", c, x=True)

    def k_reinforce(self, c: list) -> KW:
        return self._n_then_cost("reinforce", c)

    def k_reinforce_x(self, c: list) -> KW:
        return self._n_then_cost("reinforce", c, x=True)

    def k_impending(self, c: list) -> KW:
        return self._n_then_cost("impending", c)

    def k_offering(self, c: list) -> KW:
        return KW("offering", [Fn("subtype", Str(subtype_name(str(c[0]))))])

    def k_champion(self, c: list) -> KW:
        return KW("champion", [c[0]])

    def k_bands_with_other(self, c: list) -> KW:
        return KW("banding", [Fn("bands_with_other", c[0])])

    def k_kicker_two(self, c: list) -> KW:
        params = [Fn("option", 1, Fn("mana", s, k)) for s, k in group_symbols(c[0])]
        params += [Fn("option", 2, Fn("mana", s, k)) for s, k in group_symbols(c[1])]
        return KW("kicker", params)

    def k_prototype(self, c: list) -> KW:
        p, t = str(c[1]).split("/")
        return KW("prototype", [Fn("mana", s, k) for s, k in group_symbols(c[0])] + [Fn("pt", _int(p), _int(t))])

    def k_craft(self, c: list) -> KW:
        return KW("craft", [Fn("with", c[0])] + [Fn("mana", s, k) for s, k in group_symbols(c[1])])

    def k_craft_at_least(self, c: list) -> KW:
        """"Craft with one or more {5}": one or more other permanents you control and/or cards from your graveyard (CR 702.167a)."""
        return KW("craft", [Fn("with", Fn("at_least", Filter([[]]), c[0]))]
                  + [Fn("mana", s, k) for s, k in group_symbols(c[1])])

    def k_trample_over_planeswalkers(self, c: list) -> KW:
        """CR 702.19: trample over planeswalkers, a variant of trample."""
        return KW("trample", [Fn("over", Fn("type", "planeswalker"))])

    def k_enchant_n(self, c: list) -> KW:
        """"Enchant two creatures": the Aura enchants N objects (keyword_param n(N))."""
        return KW("enchant", [c[1], Fn("n", c[0])])

    def k_costed_bare(self, c: list) -> KW:
        """"Mayhem" without a cost, on a land (CR 702.187c: you may play it from your graveyard
        if you discarded it this turn). Any other costed keyword needs its cost."""
        if c[0] != "mayhem":
            from .effects import GrammarReject

            raise GrammarReject(f"{c[0]} without a cost")
        return KW(c[0])

    def k_gift(self, c: list) -> KW:
        return KW("gift", [c[0]])

    def k_gift_extra_turn(self, c: list) -> KW:
        return KW("gift", ["extra_turn"])

    def k_modular_sunburst(self, c: list) -> KW:
        return KW("modular", ["sunburst"])

    def k_cumulative_upkeep(self, c: list) -> KW:
        return KW("cumulative upkeep", c[0])

    def k_cumulative_upkeep_mana(self, c: list) -> KW:
        """"Cumulative upkeep—Add {R}." (CR 702.24): the cost is adding mana, keyword_param
        add_mana, and the mana is described by adds/5 and adds_option/4 as for an effect (no
        effect(A, I, add_mana): paying the cost is no mana ability)."""
        eff = c[0]
        kw = KW("cumulative upkeep", ["add_mana"])
        for alt, parts in enumerate(eff.mana, 1):
            for j, (amount, what, options) in enumerate(parts, 1):
                kw.facts.append(("adds", (ABIL, alt, j, amount, what)))
                kw.facts += [("adds_option", (ABIL, alt, j, m)) for m in options]
        return kw

    def k_firebending(self, c: list) -> KW:
        return KW("firebending", [Fn("n", number_value(c[0]))])

    def k_firebending_x(self, c: list) -> KW:
        return KW("firebending", [Fn("n", "x")])

    def k_level_up(self, c: list) -> KW:
        return KW("level up", c[0])

    def k_mtmte(self, c: list) -> KW:
        return KW("more than meets the eye", c[0])

    def k_aura_swap(self, c: list) -> KW:
        return KW("aura swap", c[0])

    def k_commander_ninjutsu(self, c: list) -> KW:
        return KW("commander ninjutsu", c[0])

    def k_umbra_armor(self, c: list) -> KW:
        return KW("umbra armor")

    # --- keywords whose cost is an action (start symbol keyword_action) ----------------
    def ka_cumulative_upkeep(self, c: list) -> KW:
        return _action_cost("cumulative upkeep", [], c[-1])

    def ka_splice(self, c: list) -> KW:
        onto = Fn("onto", Fn("subtype", Str(subtype_name(str(c[0])))))
        return _action_cost("splice", [onto], c[-1])

    # --- keyword costs: lists of cost terms (the same terms as cost/2) -----------------
    def kwc_mana(self, c: list) -> list:
        return [Fn("mana", s, k) for s, k in group_symbols(c[0])]

    def kwc_costs(self, c: list) -> list:
        return list(c[0])

    def kwc_two(self, c: list) -> list:
        return [Fn("option", 1, Fn("mana", s, k)) for s, k in group_symbols(c[0])] + [
            Fn("option", 2, Fn("mana", s, k)) for s, k in group_symbols(c[1])]

    def k_awaken(self, c: list) -> KW:
        return self._n_then_cost("awaken", c)

    def k_choose_background(self, c: list) -> KW:
        return KW("partner", [Fn("choose", Fn("subtype", Str("Background")))])

    def k_doctors_companion(self, c: list) -> KW:
        return KW("partner", [Fn("companion", Fn("subtype", Str(subtype_name(str(c[0])))))])

    def kwc_or(self, c: list) -> list:
        return [Fn("either", Fn("costs", *[Fn("mana", s, k) for s, k in group_symbols(c[0])]),
                   Fn("costs", *[Fn("mana", s, k) for s, k in group_symbols(c[1])]))]

    def kwc_costs_or(self, c: list) -> list:
        return [Fn("either", Fn("costs", *c[0]), Fn("costs", *c[1]))]

    def k_enchant_zone(self, c: list) -> KW:
        return KW("enchant", [Fn(c[0], "you")])

    def zone_word_k(self, c: list) -> str:
        return str(c[0]).lower()

    def k_partner_variant(self, c: list) -> KW:
        return KW("partner", [Fn("variant", Str(" ".join(str(t) for t in c)))])

    def k_devour_typed(self, c: list) -> KW:
        return KW("devour", [c[0], Fn("n", number_value(c[1]))])

    def k_cumulative_upkeep_effect(self, c: list) -> KW:
        from .effects import Sentences

        parts = c[0].parts if isinstance(c[0], Sentences) else []
        return KW("cumulative upkeep", [Fn("effect", e.kind) for e in parts if hasattr(e, "kind")])

    def kwc_number(self, c: list) -> list:
        return [Fn("n", number_value(c[0]))]


def _action_cost(name: str, params: list, block: Any) -> KW:
    """keyword_param(A, action(E)) for each effect part E of the action that is the cost; the
    facts of a created token go with it (``tok(A, K)`` for the K-th part)."""
    from .effects import GrammarReject
    from .nodes import EIDX, Effect

    out = KW(name, list(params))
    for k, part in enumerate(block.parts, 1):
        if (not isinstance(part, Effect) or part.mana is not None or part.options or part.optional
                or any(not pred.startswith("token_") for pred, _ in part.facts)):
            raise GrammarReject("an action as a cost is one or more plain effects")
        out.params.append(Fn("action", _fill(part.kind, EIDX, k)))
        out.facts += [(pred, _fill(args, EIDX, k)) for pred, args in part.facts]
    return out


def _fill(t: Any, old: Any, new: Any) -> Any:
    """``t`` with the placeholder ``old`` replaced by ``new``."""
    if t is old:
        return new
    if isinstance(t, Fn):
        return Fn(t.name, *[_fill(a, old, new) for a in t.args])
    if isinstance(t, tuple):
        return tuple(_fill(a, old, new) for a in t)
    if isinstance(t, list):
        return [_fill(a, old, new) for a in t]
    return t


def _int(s: str) -> Any:
    try:
        return int(s)
    except ValueError:
        return "star" if s == "*" else Str(s)


# --- the keyword a line begins with (also when the grammar cannot read the rest) ----------

def _keyword_names() -> dict[str, str]:
    """Lower-case spelling → keyword name as keyword/2 prints it (CR 702 headings)."""
    out: dict[str, str] = {}
    for heading in KEYWORD_HEADINGS:
        for part in heading.replace(" (Infinity)", "").split(" and "):
            low = part.strip().lower()
            out[low] = low.replace("!", " !")  # "for mirrodin !": the grammar's words
    out["totem armor"] = "umbra armor"  # the old name of umbra armor (CR 702.89)
    return out


_KEYWORD_NAMES = _keyword_names()
_KEYWORD_HEAD = re.compile(
    r"(?:" + "|".join(re.escape(k) for k in sorted(_KEYWORD_NAMES, key=len, reverse=True))
    + r"|(?P<walk>\w+)walk|(?P<cycling>\w+)cycling|basic landcycling)(?![\w-])",
    re.I,
)
#: the first characters of the keywords :func:`keyword_head` reads by name, in either case (it
#: ignores case; its "...walk" and "...cycling" keywords begin with a word character)
KEYWORD_INITIALS = frozenset(c for k in _KEYWORD_NAMES for c in (k[:1].lower(), k[:1].upper()))
#: "Equip abilities you activate cost {1} less", "Flashback costs you pay cost {2} less": a
#: static ability about a keyword, not the keyword
_ABOUT_KEYWORD = re.compile(r"\s+(?:costs?|abilities|ability)\b", re.I)


def keyword_head(text: str) -> str | None:
    """The CR 702 keyword an ability's text begins with, by its keyword/2 name ("ward",
    "landwalk" for "Swampwalk", "typecycling" for "Islandcycling"), or None.

    ``text`` is the normalised text (docs/parser.md: no reminder text, the card's own name as
    "~") after any ability word. A line about a keyword ("Equip abilities you activate cost
    {1} less", "Flashback costs ...") does not begin with the keyword ability."""
    m = _KEYWORD_HEAD.match(text)
    if m is None or _ABOUT_KEYWORD.match(text, m.end()):
        return None
    if m.group("walk") is not None:
        return "landwalk"
    if m.group("cycling") is not None or m.group(0).lower() == "basic landcycling":
        return "typecycling"
    return _KEYWORD_NAMES[m.group(0).lower()]


def keyword_of_line(text: str, names: tuple[str, ...] = (), normalised: str | None = None) -> str | None:
    """:func:`keyword_head` of an ability's printed text: reminder text removed, the card's
    own names (``split.self_names``) as "~", after any ability word.

    ``normalised``: ``normalise(text, names)`` when the caller has it (the printer has, for the
    ``ability_text`` fact). It is the text this function reads when ``text`` has no ability
    word (every ability word ends with a dash "—", :func:`~.split.ability_word_prefix`) and no
    leading blank: the text is then not normalised a second time."""
    if normalised is not None and "—" not in text and not text[:1].isspace():
        return keyword_head(normalised)
    line = text.lstrip()
    _word, skip = ability_word_prefix(line)
    return keyword_head(normalise(line[skip:], names))
