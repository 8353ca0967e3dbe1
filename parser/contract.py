"""The fact contract of the parser: every fact it may print, in one table.

Each row is a fact name, its arity, what it means and an example. The printer
(:mod:`.facts`, :mod:`.typeline`, :func:`mtgasp.parser.parse_card`) refuses any fact whose
name and arity are not here (the ability is then reported unsupported, never printed with an
unknown fact), so a grammar alias or a typo can never become a fact name unnoticed. The table
in docs/facts.md ("The parser's facts, one table") is generated from this one:
``python -m mtgasp.parser.contract`` prints it, and a test keeps the two equal. The rules'
declaration of the parser's facts (the ``#defined`` block of rules_asp/interface.lp) is generated
from it too (:func:`interface`; ``python -m mtgasp.parser.contract --write`` rewrites both
generated parts in place), so the rules declare exactly the facts the parser may print.

``A`` is an ability ``ab(C, N)`` or a quoted ability ``ab(C, N, Q)``, ``C`` a card
``card(Name)``, ``I`` the index of an effect part, ``F`` a filter ``f(A, K)``, ``T`` a token
``tok(A, I)``. The terms inside the facts are described in the sections of docs/facts.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple


class FactDef(NamedTuple):
    name: str
    arity: int
    meaning: str
    example: str


#: (section, rows) in the order docs/facts.md shows them
SECTIONS: tuple[tuple[str, tuple[FactDef, ...]], ...] = (
    ("Characteristics (CR 200-208)", (
        FactDef("card", 1, "C is a card", 'card(card("Llanowar Elves"))'),
        FactDef("card_type", 2, "a card type of C", 'card_type(C, creature)'),
        FactDef("card_supertype", 2, "a supertype of C", 'card_supertype(C, legendary)'),
        FactDef("card_subtype", 2, "a subtype of C (a string)", 'card_subtype(C, "Elf")'),
        FactDef("card_color_indicator", 2, "a color of C's color indicator (CR 204)",
                'card_color_indicator(C, w)'),
        FactDef("card_mana_cost", 3, "N copies of mana symbol Sym in C's mana cost",
                'card_mana_cost(C, g, 1)'),
        FactDef("card_power", 2, "printed power (star for *)", 'card_power(C, 1)'),
        FactDef("card_toughness", 2, "printed toughness (star for *)", 'card_toughness(C, 1)'),
        FactDef("card_loyalty", 2, "printed loyalty", 'card_loyalty(C, 3)'),
        FactDef("card_defense", 2, "printed defense", 'card_defense(C, 7)'),
        FactDef("card_ability", 2, "A is the N-th ability of C, in text order",
                'card_ability(C, ab(C, 1))'),
    )),
    ("Abilities", (
        FactDef("activated", 1, "A is an activated ability (CR 113.3b)", "activated(A)"),
        FactDef("triggered", 1, "A is a triggered ability (CR 113.3c)", "triggered(A)"),
        FactDef("static", 1, "A is a static ability (CR 113.3d)", "static(A)"),
        FactDef("spell_effect", 1, "A is the effect of an instant or sorcery (CR 113.3a)",
                "spell_effect(A)"),
        FactDef("replacement", 1, "A creates a replacement effect (CR 614.1a)", "replacement(A)"),
        FactDef("ability_text", 2, "the ability's text, normalised (the card's name as ~)",
                'ability_text(A, "{T}: Add {G}.")'),
        FactDef("ability_word", 2, "an ability word or flavor word before a dash (CR 207.2c-d)",
                'ability_word(A, "landfall")'),
        FactDef("ability_condition", 2, "A exists only under a condition (a level or station range)",
                "ability_condition(A, station_range(12, infinity))"),
        FactDef("keyword", 2, "A is the CR 702 keyword Name", 'keyword(A, "flying")'),
        FactDef("keyword_param", 2, "a parameter of the keyword", "keyword_param(A, mana(generic(2), 1))"),
        FactDef("keyword_x", 2, "the X of the keyword's parameters is Amount",
                "keyword_x(A, power(self))"),
        FactDef("keyword_cost_is", 3, "the keyword's cost is another cost of the card",
                'keyword_cost_is(A, "flashback", mana_cost)'),
        FactDef("cost", 2, "a cost of activated ability A (CR 118, 602.1)", "cost(A, tap)"),
        FactDef("additional_cost", 2, "an additional cost to cast the spell (CR 601.2b)",
                "additional_cost(A, discard(F, 1))"),
        FactDef("activation_restriction", 2, "when A may be activated (CR 602.5)",
                "activation_restriction(A, sorcery_speed)"),
        FactDef("cast_restriction", 2, "when the spell may be cast", "cast_restriction(A, combat_after_blockers)"),
        FactDef("x_restriction", 2, "a restriction on the value of X", "x_restriction(A, non(0))"),
        FactDef("trigger", 2, "the event that triggers A (CR 603)", "trigger(A, attacks(F))"),
        FactDef("trigger_optional", 1, "the triggered ability's first part is optional (\"you may\")",
                "trigger_optional(A)"),
        FactDef("trigger_restriction", 2, "how often A triggers", "trigger_restriction(A, once_per_turn)"),
        FactDef("reflexive_trigger", 2, "A's effects include a reflexive trigger (CR 603.12)",
                "reflexive_trigger(A, reflexive(you))"),
        FactDef("delayed_trigger", 3, "A creates a delayed trigger for Dur on event Ev (CR 603.7)",
                "delayed_trigger(A, until_your_next_turn, tapped_for_mana(F))"),
        FactDef("modal", 3, "choose Min..Max modes (CR 700.2)", "modal(A, 1, 1)"),
        FactDef("modal_if", 4, "Min..Max modes while Cond holds", "modal_if(A, life_exactly(13), 1, 2)"),
        FactDef("modal_limit", 2, "which modes may be chosen", "modal_limit(A, unchosen_this_turn)"),
        FactDef("modes_repeatable", 1, "the same mode may be chosen more than once", "modes_repeatable(A)"),
        FactDef("mode_name", 3, "the flavor name of mode M (CR 207.2d)", 'mode_name(A, 1, "smash it")'),
        FactDef("mode_cost", 3, "the additional cost of mode M (CR 700.2h)",
                "mode_cost(A, 1, mana(generic(1), 1))"),
        FactDef("mana_spend_restriction", 2, "what the mana A adds may be spent on",
                "mana_spend_restriction(A, cast(F))"),
        FactDef("mana_spent_trigger", 2, "\"If that mana is spent to ...\": P", "mana_spent_trigger(A, cast(F))"),
        FactDef("spend_as", 3, "mana may be spent as though it were another type",
                "spend_as(A, F, any_color)"),
        FactDef("as_enters", 3, "\"As ~ enters, ...\" (CR 614.12)", "as_enters(A, F, enters)"),
        FactDef("replaces", 2, "the event replacement effect A replaces", "replaces(A, dies(F))"),
        FactDef("replacement_duration", 2, "a spell's replacement effect lasts Dur",
                "replacement_duration(A, this_turn)"),
        FactDef("next_time_replacement", 3, "\"The next time ... would ..., instead ...\"",
                "next_time_replacement(A, deal_damage_bare(target(F, 1)), this_turn)"),
        FactDef("deck_limit", 2, "how many copies a deck may have", "deck_limit(A, any_number)"),
        FactDef("ability_limit", 2, "a limit on the ability", "ability_limit(A, counter_cap(\"oil\", 3))"),
        FactDef("effect_limit", 2, "how often the effect may happen", "effect_limit(A, once_per_turn)"),
        FactDef("effect_doesnt_remove", 2, "\"This effect doesn't remove ~\" (CR 702.16)",
                "effect_doesnt_remove(A, self)"),
        FactDef("same_effect_for", 2, "the same effect applies to each of Ref",
                "same_effect_for(A, each(F))"),
        FactDef("may_choose_new_targets", 1, "\"You may choose new targets for the copy\"",
                "may_choose_new_targets(A)"),
        FactDef("continuous_rule", 2, "a rule the ability's object follows",
                "continuous_rule(A, cant_be_countered)"),
    )),
    ("Effects", (
        FactDef("effect", 3, "part I of A's effect, in text order", "effect(A, 1, draw(you, 1))"),
        FactDef("effect_option", 4, "the K-th choice of a choice part", "effect_option(A, 1, 2, Kind)"),
        FactDef("effect_optional", 2, "part I is optional (\"you may\")", "effect_optional(A, 1)"),
        FactDef("effect_condition", 3, "part I happens only if Cond", "effect_condition(A, 2, you_do)"),
        FactDef("effect_duration", 3, "the duration of part I", "effect_duration(A, 1, until_self_leaves)"),
        FactDef("effect_for_each", 3, "part I is repeated for each object matching F",
                "effect_for_each(A, 1, F)"),
        FactDef("effect_unless", 3, "part I happens unless Kind is done", "effect_unless(A, 1, pay(...))"),
        FactDef("effect_mode", 3, "part I belongs to mode M", "effect_mode(A, 1, 1)"),
        FactDef("effect_except", 3, "an exception to part I", "effect_except(A, 1, by(F))"),
        FactDef("effect_as_though", 3, "part I as though Cond", 'effect_as_though(A, 1, has(keyword("flash")))'),
        FactDef("effect_delayed", 3, "part I happens later, When", "effect_delayed(A, 1, on_trigger)"),
        FactDef("effect_instead", 2, "part I replaces the parts before it (\"instead\")", "effect_instead(A, 2)"),
        FactDef("effect_instead_if", 3, "part I happens instead if Cond", "effect_instead_if(A, 3, Cond)"),
        FactDef("effect_instead_of", 3, "part I happens instead of Kind", "effect_instead_of(A, 2, Kind)"),
        FactDef("effect_without_paying", 2, "part I casts without paying the mana cost",
                "effect_without_paying(A, 2)"),
        FactDef("alternative_cost", 3, "part I is paid rather than the mana cost (Who pays)",
                "alternative_cost(A, 1, self)"),
        FactDef("copy_except", 3, "an exception of part I's copy effect (CR 707.9)",
                "copy_except(A, 2, add_types(F))"),
        FactDef("continuous", 4, "part K of static ability A: objects matching F get Eff (CR 611, 613)",
                "continuous(A, 1, F, modify_pt(1, 1))"),
    )),
    ("Mana (CR 106, 605)", (
        FactDef("adds", 5, "alternative Alt, part I adds Amount mana of What", "adds(A, 1, 1, 1, type(g))"),
        FactDef("adds_option", 4, "a type a choice of part I may take", "adds_option(A, 1, 1, b)"),
        FactDef("adds_to", 2, "who gets the mana (you when absent)", "adds_to(A, event_player)"),
        FactDef("adds_effect", 4, "part I of alternative Alt comes from effect E", "adds_effect(A, 1, 1, 1)"),
        FactDef("repl_case", 3, "case K of mana replacement A applies to permanents matching F",
                "repl_case(A, 1, F)"),
        FactDef("repl_cond", 3, "a further condition of case K", "repl_cond(A, 1, min_amount(2))"),
        FactDef("repl_does", 3, "what case K does to the mana", "repl_does(A, 1, set_mana(b, 1))"),
        FactDef("repl_option", 3, "a type set_type_choice may pick", "repl_option(A, 1, b)"),
    )),
    ("Filters and tokens", (
        FactDef("filter", 3, "objects matching F meet every constraint of some branch B",
                "filter(F, 1, type(creature))"),
        FactDef("token_pt", 3, "the token's power and toughness", "token_pt(T, 1, 1)"),
        FactDef("token_color", 2, "a color of the token", "token_color(T, w)"),
        FactDef("token_colorless", 1, "the token is colorless", "token_colorless(T)"),
        FactDef("token_type", 2, "a card type of the token", "token_type(T, creature)"),
        FactDef("token_subtype", 2, "a subtype of the token", 'token_subtype(T, "Soldier")'),
        FactDef("token_supertype", 2, "a supertype of the token", "token_supertype(T, snow)"),
        FactDef("token_ability", 2, "an ability of the token", 'token_ability(T, keyword("flying"))'),
        FactDef("token_name", 2, "the token's name", 'token_name(T, "Minor Demon")'),
        FactDef("token_predefined", 2, "a predefined token (CR 111.10)", 'token_predefined(T, "Treasure")'),
        FactDef("token_copy_of", 2, "the token is a copy of Ref (CR 707.2)", "token_copy_of(T, it)"),
        FactDef("token_tapped", 1, "the token enters tapped", "token_tapped(T)"),
        FactDef("token_attacking", 1, "the token enters attacking", "token_attacking(T)"),
        FactDef("token_property", 2, "another constraint on the token", "token_property(T, attacking)"),
    )),
    ("Text the parser does not read", (
        FactDef("unsupported", 2, "ability N of C was not read (never guessed)", "unsupported(C, 1)"),
        FactDef("keyword_recognised", 2, "the unread ability begins with the CR 702 keyword Name",
                'keyword_recognised(A, "protection")'),
    )),
)

#: name → the row
FACTS: dict[str, FactDef] = {f.name: f for _, rows in SECTIONS for f in rows}
#: (name, arity) of every fact the parser may print
SIGNATURES: frozenset[tuple[str, int]] = frozenset((f.name, f.arity) for f in FACTS.values())


class UnknownFact(ValueError):
    """The printer was asked for a fact that is not in the contract."""


def check(name: str, arity: int) -> None:
    """Raise :class:`UnknownFact` unless ``name/arity`` is in the table."""
    if (name, arity) not in SIGNATURES:
        raise UnknownFact(f"fact {name}/{arity} is not in the fact contract (parser/contract.py)")


BEGIN = "<!-- the fact table: generated from parser/contract.py (python -m mtgasp.parser.contract) -->"
END = "<!-- end of the fact table -->"


def markdown() -> str:
    """The table as it stands in docs/facts.md, between :data:`BEGIN` and :data:`END`."""
    out = [BEGIN, ""]
    for title, rows in SECTIONS:
        out += [f"**{title}**", "", "| fact | meaning | example |", "|---|---|---|"]
        for f in rows:
            out.append(f"| `{f.name}/{f.arity}` | {f.meaning.replace('|', '/')} | `{f.example}` |")
        out.append("")
    out.append(END)
    return "\n".join(out)


IFACE_BEGIN = "% --- the parser's facts: generated from parser/contract.py (python -m mtgasp.parser.contract --write)"
IFACE_END = "% --- end of the parser's facts"


def interface() -> str:
    """The ``#defined`` declarations of every fact of the table, one line per section, as they
    stand in rules_asp/interface.lp between :data:`IFACE_BEGIN` and :data:`IFACE_END`."""
    out = [IFACE_BEGIN]
    for title, rows in SECTIONS:
        out.append(f"% {title}")
        line = ""
        for f in rows:
            decl = f"#defined {f.name}/{f.arity}."
            if line and len(line) + 1 + len(decl) > 100:
                out.append(line)
                line = ""
            line = f"{line} {decl}" if line else decl
        out.append(line)
    out.append(IFACE_END)
    return "\n".join(out)


def _replace_between(path: Path, begin: str, end: str, block: str) -> None:
    text = path.read_text(encoding="utf-8")
    a, b = text.index(begin), text.index(end) + len(end)
    path.write_text(text[:a] + block + text[b:], encoding="utf-8")


def write(root: Path) -> None:
    """Rewrite the generated parts of docs/facts.md and rules_asp/interface.lp under ``root``
    (a source checkout)."""
    _replace_between(root / "docs" / "facts.md", BEGIN, END, markdown())
    _replace_between(root / "rules_asp" / "interface.lp", IFACE_BEGIN, IFACE_END, interface())


if __name__ == "__main__":  # pragma: no cover
    import sys

    if "--write" in sys.argv:
        write(Path(__file__).resolve().parents[1])
    elif "--interface" in sys.argv:
        print(interface())
    else:
        print(markdown())
