"""Transformer for grammar/triggers.lark: trigger conditions → ``trigger(A, Event)`` terms.

Event terms (docs/facts.md): ``enters(F)``, ``dies(F)``, ``attacks(F)``, ``blocks(F)``,
``cast(F)``, ``tapped_for_mana(F)``, ``adds_mana(F, What)``, ``phase(Step, Whose)``, and the
rest of the vocabulary named in parser/terms.py (``ev_gain_life`` → ``gain_life``; the one-word
events "you scry", "is exiled", "becomes tapped" by their word, ``EVENT_WORDS``).
The acting player of "you cast ..." / "an opponent taps ..." becomes a controller constraint
of F; when the subject is a player the event is ``<event>(Player)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Transformer

from .lalr_shaping import by_text, child_when_alone, constant
from .nodes import Filter, Fn, clean_children, literal_words
from .filters import as_filter, number_value, player_term, ref_filter
from .terms import EVENT_WORDS
from .mana import mana_symbol


@dataclass
class Trigger:
    """The trigger condition of a triggered ability: one or more events ("A or B")."""

    events: list[Any] = field(default_factory=list)


def _player_constraint(player: Any) -> Any | None:
    """controller(you) for "you", controller(opponent) for "an opponent", None for "a player"."""
    if player == "you":
        return Fn("controller", "you")
    f = ref_filter(player)
    if f is not None and len(f.branches) == 1:
        b = f.branches[0]
        if "opponent" in b:
            return Fn("controller", "opponent")
        if "player" in b and len(b) == 1:
            return None
    if isinstance(player, Fn) and player.name == "that":
        return Fn("controller", "event_player")
    return Fn("controller", player)


def _is_player(ref: Any) -> bool:
    if ref == "you":
        return True
    f = ref_filter(ref)
    return f is not None and all(("player" in b or "opponent" in b) for b in f.branches)


def _obj(ref: Any, player: Any = None) -> Filter:
    f = as_filter(ref).copy()
    if player is not None:
        c = _player_constraint(player)
        if c is not None:
            f.add(c)
    return f


def generic_event(name: str, children: list) -> Any:
    """``ev_<name>``: an event term named after the alternative; the subject comes first."""
    args = []
    for ch in clean_children(children):
        if _is_player(ch):
            args.append(ch)
        elif isinstance(ch, (Fn, Filter)) or ch in ("self", "it", "them"):
            args.append(_obj(ch))
        else:
            args.append(ch)
    return Fn(name, *args)


def _events(value: Any) -> list:
    """The events of a trigger clause's ``trigger_events`` (one event alone is its value)."""
    return value if isinstance(value, list) else [value]


class TriggersTransformer(Transformer):
    """Methods are the aliases of grammar/triggers.lark (namespace ``triggers``)."""

    # --- one-word events: the term of each word is in terms.EVENT_WORDS ---------------
    @by_text
    def action_word(self, c: list) -> str:
        return literal_words(c)

    is_word = become_word = action_word

    def ev_action(self, c: list) -> Any:
        return generic_event(EVENT_WORDS["ev_action"][c[-1]], c[:-1])

    def ev_is(self, c: list) -> Any:
        return generic_event(EVENT_WORDS["ev_is"][c[-1]], c[:-1])

    def ev_become(self, c: list) -> Any:
        return generic_event(EVENT_WORDS["ev_become"][c[-1]], c[:-1])

    def t_when(self, c: list) -> Trigger:
        return Trigger(_events(c[0]))

    def t_whenever(self, c: list) -> Trigger:
        return Trigger(_events(c[0]))

    def t_whenever_suffix(self, c: list) -> Trigger:
        return Trigger([Fn(c[1][0], e, *c[1][1:]) for e in _events(c[0])])

    def ts_first_time(self, c: list) -> tuple:
        return ("first_time_each_turn",)

    def ts_during(self, c: list) -> tuple:
        return ("during_turn_of", player_term(c[0]))

    def ts_this_turn(self, c: list) -> tuple:
        return ("this_turn",)

    def ts_during_yours(self, c: list) -> tuple:
        return ("during_turn_of", "you")

    def t_at(self, c: list) -> Trigger:
        return Trigger([c[0]])

    def t_scheme(self, c: list) -> Trigger:
        return Trigger(["set_in_motion"])

    def t_cycle_self(self, c: list) -> Trigger:
        return Trigger([Fn("cycle", "you", Filter([["self"]]))])

    @child_when_alone  # one event: the trigger clause reads it (_events)
    def trigger_events(self, c: list) -> Any:
        """"trigger_events: trigger_event": the event itself (a list when the event's rule
        gives several); the trigger clauses make it a list (:func:`_events`)."""
        return c[0]

    def t_or(self, c: list) -> list:
        out: list = []
        for e in c:
            out.extend(e if isinstance(e, list) else [e])
        return out

    def t_and_whenever(self, c: list) -> list:
        out: list = []
        for e in c:
            out.extend(e if isinstance(e, list) else [e])
        return out

    def t_and_at(self, c: list) -> list:
        first = c[0] if isinstance(c[0], list) else [c[0]]
        return first + [c[1]]

    # --- events with a subject and an entering phrase ----------------------------------
    def ev_enters(self, c: list) -> Any:
        f = _obj(c[0])
        kind, extra = c[1]
        if kind == "your":
            f.add(Fn("controller", "you"))
        elif kind == "opp":
            f.add(Fn("controller", "opponent"))
        if kind == "or_attacks":
            return [Fn("enters", f), Fn("attacks", f)]
        if kind == "or_dies":
            return [Fn("enters", f), Fn("dies", f)]
        if kind == "or_haunted_dies":
            return [Fn("enters", f), Fn("haunted_dies", f)]
        if kind == "or_turned_up":
            return [Fn("enters", f), Fn("turned_face_up", f)]
        if kind == "from":
            return Fn("enters_from", f, extra)
        return Fn("enters", f)

    en_plain = constant(("plain", None))

    def en_your_control(self, c: list) -> tuple:
        return ("your", None)

    def en_opp_control(self, c: list) -> tuple:
        return ("opp", None)

    def en_or_attacks(self, c: list) -> tuple:
        return ("or_attacks", None)

    def en_or_turned_up(self, c: list) -> tuple:
        return ("or_turned_up", None)

    def en_or_haunted_dies(self, c: list) -> tuple:
        """"... or the creature it haunts dies" (CR 702.55c)."""
        return ("or_haunted_dies", None)

    def en_or_dies(self, c: list) -> tuple:
        return ("or_dies", None)

    def en_from(self, c: list) -> tuple:
        return ("from", c[0])

    def ev_dies(self, c: list) -> Any:
        return Fn("dies", _obj(c[0]))

    def ev_attacks(self, c: list) -> Any:
        if _is_player(c[0]):
            return Fn("player_attacks", c[0])
        return Fn("attacks", _obj(c[0]))

    def ev_attacks_or_blocks(self, c: list) -> Any:
        f = _obj(c[0])
        return [Fn("attacks", f), Fn("blocks", f)]

    def ev_attacks_together(self, c: list) -> Any:
        """"Whenever ~ and at least two other creatures attack": F attacks, and so do the
        attackers the reference names (``at_least(F2, N)``, ``some(F2, 1)``)."""
        return Fn("attacks_together", _obj(c[0]), c[1])

    def ev_blocks(self, c: list) -> Any:
        return Fn("blocks", _obj(c[0]))

    def ev_cast(self, c: list) -> Any:
        return Fn("cast", _obj(c[1], c[0]))

    def ev_copy(self, c: list) -> Any:
        return Fn("copy", _obj(c[1], c[0]))

    def ev_cast_or_copy(self, c: list) -> Any:
        f = _obj(c[1], c[0])
        return [Fn("cast", f), Fn("copy", f)]

    def ev_taps_for_mana(self, c: list) -> Any:
        return Fn("tapped_for_mana", _obj(c[1], c[0]))

    def ev_taps_for_symbol(self, c: list) -> Any:
        """"Whenever you tap a land for {C}": tapped for mana that includes that type."""
        sym = mana_symbol(str(c[2]))
        return Fn("tapped_for_mana_of", _obj(c[1], c[0]), Fn("type", sym) if isinstance(sym, str) else sym)

    def ev_enters_this_turn(self, c: list) -> Any:
        """"Whenever a creature enters the battlefield this turn" (a spell's delayed trigger)."""
        evs = self.ev_enters(c)
        return [Fn("this_turn", e) for e in (evs if isinstance(evs, list) else [evs])]

    def ev_tapped_for_mana(self, c: list) -> Any:
        """"Whenever a land is tapped for mana [of any type / of the chosen color]"."""
        if len(c) > 1 and c[1] == "chosen_color":
            return Fn("tapped_for_mana_of", _obj(c[0]), "chosen_color")
        return Fn("tapped_for_mana", _obj(c[0]))

    def mana_of(self, c: list) -> Any:
        return "chosen_color" if "chosen" in [str(t).lower() for t in c] else "any_type"

    def ev_adds_chosen_color(self, c: list) -> Any:
        return Fn("adds_mana", _obj(c[0], c[1]), "chosen_color")

    # --- beginning of steps ("At the beginning of your upkeep") -----------------------
    def tp_beginning(self, c: list) -> Any:
        step, whose = c[0]
        return Fn("phase", step, whose)

    def tp_end_of_combat(self, c: list) -> Any:
        return Fn("phase", "end_of_combat", "each")

    def tp_end_of_turn(self, c: list) -> Any:
        return Fn("phase", "end_of_turn", "you")

    def step_of(self, c: list) -> tuple:
        return (c[1], c[0])

    def step_combat_your_turn(self, c: list) -> tuple:
        return ("combat", "you")

    def step_combat_opponent_turn(self, c: list) -> tuple:
        """"At the beginning of combat on each opponent's turn"."""
        return ("combat", "opponent")

    def ev_roll_at_least(self, c: list) -> Any:
        """"Whenever you roll a 4 or higher [on a die]" → roll_at_least(P, 4)."""
        return Fn("roll_at_least", c[0], number_value(c[1]))

    def ev_roll_either(self, c: list) -> Any:
        """"Whenever you roll a 1 or 2" → one event per result, roll_result(P, N)."""
        return [Fn("roll_result", c[0], number_value(c[1])), Fn("roll_result", c[0], number_value(c[2]))]

    def step_each_combat(self, c: list) -> tuple:
        return ("combat", "each")

    def step_next(self, c: list) -> tuple:
        return (c[0], "next")

    def step_the(self, c: list) -> tuple:
        return (c[0], "each")

    def step_next_upkeep(self, c: list) -> tuple:
        return ("upkeep", "next")

    def step_first_main(self, c: list) -> tuple:
        return ("precombat_main", c[0])

    def step_second_main(self, c: list) -> tuple:
        return ("postcombat_main", c[0])

    # possessor directly (not step_owner): after "your", "first"/"next" are shifted alike for
    # "your first main phase" and "your first creature spell", decided by the next word
    def step_first_main_p(self, c: list) -> tuple:
        return ("precombat_main", self.own_np(c))

    def step_second_main_p(self, c: list) -> tuple:
        return ("postcombat_main", self.own_np(c))

    def step_owner_next_p(self, c: list) -> tuple:
        return (c[1], Fn("next", self.own_np(c[:1])))

    def step_your_main_phases(self, c: list) -> tuple:
        return ("main", "you")

    def step_of_player(self, c: list) -> tuple:
        return (c[0], c[1])

    def step_owner_next(self, c: list) -> tuple:
        return (c[1], Fn("next", c[0]))

    def own_each(self, c: list) -> Any:
        return "each"

    def own_np(self, c: list) -> Any:
        ref = c[0]
        if ref == "you":
            return "you"
        f = ref_filter(ref)
        if f is not None and len(f.branches) == 1 and "opponent" in f.branches[0]:
            return "opponent"
        if f is not None and len(f.branches) == 1 and f.branches[0] == ["player"]:
            return "each"
        return ref

    @by_text
    def step_name(self, c: list) -> str:
        words = " ".join(str(t).lower() for t in c)
        return {
            "upkeep": "upkeep", "draw step": "draw", "end step": "end",
            "precombat main phase": "precombat_main", "postcombat main phase": "postcombat_main",
            "combat": "combat", "main phase": "main", "turn": "turn", "end phase": "end",
            "cleanup step": "cleanup", "declare attackers step": "declare_attackers",
            "declare blockers step": "declare_blockers", "combat damage step": "combat_damage",
        }[words]
