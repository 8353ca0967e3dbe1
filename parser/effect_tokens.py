"""Token creation in grammar/effects.lark: "create ... token(s)" and token descriptions.

A token description becomes ``token_*`` facts about ``tok(A, I)`` (CR 111); the predefined
tokens (Treasure, Food, Clue, ...) of CR 111.10 are recognised by their subtype.
"""

from __future__ import annotations

from lark import Token

from .lalr_shaping import child
from .effect_parts import GrammarReject, VP, _pt, _quoted
from .filters import as_filter, subtype_name
from .nodes import ABIL, EIDX, Effect, Filter, Fn, Str

#: the id of the token an effect part creates, tok(A, I) (an immutable term: one object)
_TOK = Fn("tok", ABIL, EIDX)


class TokenRules:
    """Token creation: a part of :class:`~.effects.EffectsTransformer`."""

    def tok_one_prefixed(self, c: list) -> list:
        """"a tapped 3/3 ... token": words before the P/T join the description."""
        pre, pt, words = c[0], c[1], c[2]
        merged = Filter([b + [x for x in pre.branches[0] if x not in b] for b in words.branches])
        return _token_facts([pt, merged] + c[3:])

    def v_create(self, c: list) -> list:
        return [VP("create_token", [n, _TOK], facts=facts) for n, facts in c[0]]

    def v_create_for_each(self, c: list) -> list:
        f = as_filter(c[1])
        return [VP("create_token", [Fn("times", n, Fn("count", f)), _TOK], facts=facts) for n, facts in c[0]]

    def v_create_amount(self, c: list) -> list:
        return [VP("create_token", [c[1], _TOK], facts=c[0])]

    def v_create_those_plus(self, c: list) -> VP:
        """"instead create those tokens plus an additional Treasure token" (Xorn): the same
        effect as "those tokens plus an additional ... token are created instead"."""
        e = Effect(Fn("create_those_tokens", Fn("plus_token", _TOK)))
        e.facts.extend(c[0])
        return VP("create_those_tokens", effect=e)

    def v_create_that_many(self, c: list) -> list:
        return [VP("create_token", ["that_much", _TOK], facts=c[0])]

    def v_create_copy(self, c: list) -> list:
        out = []
        for n, facts in c[0]:
            out.append(VP("create_token", [n, _TOK], facts=facts + [("token_copy_of", (_TOK, c[1]))]))
        return out

    def v_create_copy_except(self, c: list) -> list:
        out = self.v_create_copy(c[:2])
        for vp in out:
            vp.facts += [("copy_except", (ABIL, EIDX, x)) for x in c[2]]
        return out

    def v_create_copy_token(self, c: list) -> VP:
        n = c[0] if len(c) > 1 else 1
        ref = c[-1]
        t = _TOK
        return VP("create_token", [n, t], facts=[("token_copy_of", (t, ref))])

    def v_create_copy_token_except(self, c: list) -> VP:
        vp = self.v_create_copy_token(c[:1])
        vp.facts += [("copy_except", (ABIL, EIDX, x)) for x in c[1]]
        return vp

    def token_list(self, c: list) -> list:
        return list(c)

    def tok_n(self, c: list) -> tuple:
        return (c[0], c[1])

    def tok_one(self, c: list) -> list:
        return _token_facts(c)

    def tok_one_tapped(self, c: list) -> list:
        return _token_facts(c) + [("token_tapped", (_TOK,))]

    tok_words = child(0)

    def tw_with(self, c: list) -> list:
        t = _TOK
        out = []
        for g in c[0]:
            out.append(("token_ability", (t, g)))
        rest = c[1:]
        if rest and isinstance(rest[0], Token) and rest[0].type == "THATS_TAPPED":
            return out + self.tw_tapped_attacking([])
        if len(rest) == 3:
            out.append(("token_ability", (t, _quoted(rest[1], rest[0], rest[2]))))
        return out

    def tw_named(self, c: list) -> list:
        return [("token_name", (_TOK, Str(c[0])))]

    def tw_with_named(self, c: list) -> list:
        """"a 1/2 blue Bird creature token with flying named Storm Crow"."""
        return self.tw_with([c[0]]) + self.tw_named([c[1]])

    def tw_named_with(self, c: list) -> list:
        return self.tw_named(c[:1]) + self.tw_with(c[1:])

    def tw_tapped_attacking(self, c: list) -> list:
        t = _TOK
        return [("token_tapped", (t,)), ("token_attacking", (t,))]

    def name_words_e(self, c: list) -> str:
        return " ".join(str(t) for t in c)


_PREDEFINED_ARTIFACT_TOKENS = {
    "Treasure", "Food", "Clue", "Blood", "Gold", "Powerstone", "Map", "Junk", "Incubator",
    "Shard", "Lander", "Stone",
}


def _predefined_token(word: str) -> list:
    """CR 111.10: predefined tokens ("a Treasure token")."""
    t = _TOK
    sub = subtype_name(word)
    facts = [("token_subtype", (t, Str(sub)))]
    if sub in _PREDEFINED_ARTIFACT_TOKENS:
        facts.append(("token_type", (t, "artifact")))
    facts.append(("token_predefined", (t, Str(sub))))
    return facts


def _token_facts(c: list) -> list:
    """Facts of a token description; the words must name a token ("... creature token")."""
    t = _TOK
    facts: list = []
    rest = list(c)
    pt = None
    if rest and not isinstance(rest[0], (Filter, list)):
        pt = _pt(rest.pop(0))
        facts.append(("token_pt", (t, *pt)))
    words: Filter = rest.pop(0)
    # "a red and green Spirit creature token": the colors of a token are all of them
    merged: list = []
    for b in words.branches:
        for x in b:
            if x not in merged:
                merged.append(x)
    if not any(isinstance(x, str) and x == "token" for x in merged):
        raise GrammarReject("not a token description (no 'token' word)")
    cons = [x for x in merged if not (isinstance(x, str) and x == "token")]
    subs = [x for x in cons if isinstance(x, Fn) and x.name == "subtype"]
    if pt is None and len(subs) == 1 and len(cons) <= 2:
        facts = _predefined_token(str(subs[0].args[0]))
        cons = [x for x in cons if x not in subs]
    for con in cons:
        if isinstance(con, Fn) and con.name == "color":
            facts.append(("token_color", (t, con.args[0])))
        elif isinstance(con, Fn) and con.name == "type":
            facts.append(("token_type", (t, con.args[0])))
        elif isinstance(con, Fn) and con.name == "subtype":
            facts.append(("token_subtype", (t, con.args[0])))
        elif isinstance(con, Fn) and con.name == "supertype":
            facts.append(("token_supertype", (t, con.args[0])))
        elif con == "colorless":
            facts.append(("token_colorless", (t,)))
        elif con == "tapped":
            facts.append(("token_tapped", (t,)))
        else:
            facts.append(("token_property", (t, con)))
    for extra in rest:
        facts.extend(extra)
    return facts
