"""Conditions, durations and restrictions in grammar/effects.lark.

Condition terms ("if you control ...", "if it wasn't cast"), durations ("until end of turn",
"for as long as ..."), activation and casting restrictions, mana-spending restrictions,
comparisons, steps and zones named in conditions.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .lalr_shaping import constant
from .effect_parts import GrammarReject
from .filters import as_filter, player_term
from .nodes import Filter, Fn, literal_words
from .terms import TIME_WORDS
from .mana import mana_symbol


class ConditionRules:
    """Conditions, durations, restrictions: a part of :class:`~.effects.EffectsTransformer`."""

    def cond_symbol_spent(self, c: list) -> Any:
        """"{W} was spent to cast this spell" → mana_symbol_spent(w, Ref): mana of that
        symbol's kind ({S}: snow) was spent to cast it."""
        return Fn("mana_symbol_spent", mana_symbol(str(c[0])), c[1])

    def cond_nth_resolution(self, c: list) -> Any:
        """"If this is the third time this ability has resolved this turn" → resolved_times(3)."""
        return Fn("resolved_times", c[0])

    def cond_you_dont_vp(self, c: list) -> Any:
        """"If you don't put the card into your hand, ...": non(did(Eff)); "If you don't control
        a Swamp" stays non(control(F))."""
        vp = c[0]
        if vp.name == "control" and len(vp.args) == 1:
            return Fn("non", Fn("control", as_filter(vp.args[0])))
        return Fn("non", Fn("did", Fn(vp.name, *vp.args)))

    def after_phase(self, c: list) -> str:
        words = [str(t).lower() for t in c]
        return {"phase": "this_phase", "main phase": "this_main_phase",
                "combat phase": "this_combat_phase", "combat": "this_combat"}[" ".join(words)]

    def cast_restrictions(self, c: list) -> list:
        return list(c)

    def cr_if(self, c: list) -> Any:
        return Fn("if", c[0])

    def sp_list(self, c: list) -> Any:
        c = [x for x in c if not isinstance(x, Token)]
        return c[0] if len(c) == 1 else Fn("any_of", *c)

    def rd_graveyard(self, c: list) -> Any:
        return Fn("graveyard", c[0])

    def rd_bottom(self, c: list) -> Any:
        return Fn("library_bottom", c[0])

    def cond_pp_this_way(self, c: list) -> Any:
        """"If an instant or sorcery card was milled this way", "... is destroyed this way"
        (``np "is" pp_word``, without a was_is child)."""
        pp = c[2] if len(c) == 4 else c[1]
        return Fn(str(pp[0]).lower() + "_this_way", c[0])

    def cond_pp_this_turn(self, c: list) -> Any:
        """"if a spell was warped this turn" → warped_this_turn(Ref)."""
        return Fn(str(c[2][0]).lower() + "_this_turn", c[0])

    def was_is(self, c: list) -> str:
        return str(c[0]).lower()

    def pp_word(self, c: list) -> list:
        return [str(t) for t in c]

    def d_while_has_counter(self, c: list) -> Any:
        return Fn("while_has_counter", c[0], c[1])

    def d_while_exiled(self, c: list) -> Any:
        return Fn("while_exiled", c[0])

    def ea_enters(self, c: list) -> Any:
        return "enters"

    def ea_turned_face_up(self, c: list) -> Any:
        return "turned_face_up"

    def cond_had_counter_it(self, c: list) -> Any:
        """"if it had a +1/+1 counter on it" (last known information, CR 608.2h)."""
        return Fn("had_counter", "it", c[0])

    def cond_wasnt_cast(self, c: list) -> Any:
        """"if it wasn't cast" → non(was_cast(Ref))."""
        return Fn("non", Fn("was_cast", c[0]))

    def cond_wasnt_kicked(self, c: list) -> Any:
        """"if it wasn't kicked" → non(kicked(Ref)), the negation of "if it was kicked"."""
        return Fn("non", Fn("kicked", c[0]))

    def cond_wasnt_a(self, c: list) -> Any:
        """"if it wasn't a Demon" → non(was_a(Ref, F)), the negation of "if it was a Demon"."""
        return Fn("non", Fn("was_a", c[0], c[1]))

    def cond_none_on_battlefield(self, c: list) -> Any:
        """"if no creatures are on the battlefield" → non(there_is(F)) with F on the battlefield."""
        f = as_filter(c[0]).copy()
        f.add(Fn("in_zone", "battlefield"))
        return Fn("non", Fn("there_is", Fn("some", f, 1)))

    d_eot = constant("until_end_of_turn")

    def d_this_turn(self, c: list) -> str:
        return "this_turn"

    def d_until_your_next_turn(self, c: list) -> str:
        return "until_your_next_turn"

    def d_until_end_of_your_next_turn(self, c: list) -> str:
        return "until_end_of_your_next_turn"

    def d_while_tapped(self, c: list) -> Any:
        return Fn("while_tapped", c[0])

    def d_while_control(self, c: list) -> Any:
        return Fn("while_you_control", c[0])

    def d_until_leaves(self, c: list) -> str:
        return "until_self_leaves"

    def d_until_cast_from_exile(self, c: list) -> Any:
        return Fn("until_cast_from_exile", c[0])

    def d_until_your_next_end_step(self, c: list) -> str:
        return "until_your_next_end_step"

    def d_rest_of_game(self, c: list) -> str:
        return "rest_of_game"

    def d_during_next_turn(self, c: list) -> Any:
        return Fn("during_next_turn_of", player_term(c[0]))

    def d_end_of_combat(self, c: list) -> str:
        return "until_end_of_combat"

    def activation_restrictions(self, c: list) -> list:
        return list(c)

    def ar_sorcery(self, c: list) -> str:
        return "sorcery_speed"

    def ar_once_per_turn(self, c: list) -> str:
        return "once_per_turn"

    def ar_if(self, c: list) -> Any:
        """"Activate only if you control a Swamp" → if_control(F), "... three or more
        artifacts" → if_control(F, at_least(3)); F has ``controller(you)`` (the permanents
        counted are the ability's controller's, not anyone's)."""
        cond = c[0]
        if isinstance(cond, Fn) and cond.name == "control" and isinstance(cond.args[0], Filter):
            f = cond.args[0].copy()
            for branch in f.branches:
                if not any(isinstance(x, Fn) and x.name == "controller" for x in branch):
                    branch.append(Fn("controller", "you"))
            quantity = cond.args[1:]
            if quantity in ((), (Fn("at_least", 1),)):
                return Fn("if_control", f)
            return Fn("if_control", f, *quantity)
        return Fn("if", cond)

    def ct_twice(self, c: list) -> int:
        return 2

    def ct_n(self, c: list) -> Any:
        return c[0]

    def sp_on(self, c: list) -> Any:
        return Fn("on", as_filter(c[0]))

    def md_any(self, c: list) -> Any:
        return "mana"

    def md_color(self, c: list) -> Any:
        return Fn("mana_of", c[0].constraint)

    def md_other(self, c: list) -> Any:
        return "other_mana"

    def cond_control(self, c: list) -> Any:
        """"you control a Swamp" → control(F); "seven or more lands" → control(F, at_least(7));
        "two or fewer" → control(F, at_most(2)); "no other creatures" → non(control(F));
        "an Urza's Mine and an Urza's Tower" → all_of(control(F1), control(F2))."""
        return self._control_condition(c[0])

    def _control_condition(self, ref: Any) -> Any:
        # "an Urza's Power-Plant and an Urza's Tower": all_of(control(F1), control(F2))
        if isinstance(ref, Fn) and ref.name in ("both", "either") and len(ref.args) == 2:
            parts = [self._control_condition(a) for a in ref.args]
            return Fn("all_of" if ref.name == "both" else "any_of", *parts)
        if isinstance(ref, Filter):
            return Fn("control", ref)
        if isinstance(ref, Fn) and ref.args and isinstance(ref.args[0], Filter):
            f, rest = ref.args[0], ref.args[1:]
            if ref.name == "some" and rest == (1,):
                return Fn("control", f)
            if ref.name == "some" and len(rest) == 1 and isinstance(rest[0], int):
                return Fn("control", f, Fn("at_least", rest[0]))
            if ref.name in ("at_least", "at_most") and len(rest) == 1:
                return Fn("control", f, Fn(ref.name, rest[0]))
            if ref.name == "no" and not rest:
                return Fn("non", Fn("control", f))
        if ref in ("self", "it"):
            return Fn("control", as_filter(ref))
        raise GrammarReject(f"'you control' with a quantity this parser does not read: {ref!r}")

    def cond_not_control(self, c: list) -> Any:
        return Fn("non", Fn("control", as_filter(c[0])))

    def cond_control_n(self, c: list) -> Any:
        return Fn("control_at_least", c[0], c[1])

    def cond_control_none(self, c: list) -> Any:
        return Fn("non", Fn("control", c[0]))

    def sot_words(self, c: list) -> Any:
        return c[0]

    def cmpe_ge(self, c: list) -> Any:
        return Fn("ge", c[0])

    def step_word(self, c: list) -> str:
        return "_".join(str(t).lower() for t in c)

    def during_time(self, c: list) -> str:
        return literal_words(c)

    def ct_time(self, c: list) -> Any:
        """"during your turn": the time's term (terms.TIME_WORDS), also as a cast or activation
        restriction."""
        return Fn(TIME_WORDS[c[0]])

    cr_during = ar_during = ct_time

    def zone_word_e(self, c: list) -> str:
        """"hand", "graveyard", "library": the zone's name."""
        return literal_words(c)
