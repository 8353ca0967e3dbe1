"""State → state facts (docs/facts.md "State facts", docs/engine-v2.md §1), in a fixed order."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

import clingo

from ..cards import CardDatabase
from ..errors import UnknownCardInStateError
from .model import CardObject, Change, GameState
from .vocab import COLORS, MANA_TYPES

_F = clingo.Function
_S = clingo.String
_N = clingo.Number


# Constants, players and cards recur in every state: their symbols are made once (a symbol is
# immutable). Objects are many and each is named a few times in a row: not cached.
@lru_cache(maxsize=4096)
def _c(name: str) -> clingo.Symbol:
    return _F(name, [])


@lru_cache(maxsize=4096)
def _player(ident: str) -> clingo.Symbol:
    return _F("player", [_S(ident)])


def _obj(ident: str) -> clingo.Symbol:
    return _F("obj", [_S(ident)])


@lru_cache(maxsize=4096)
def _card(name: str) -> clingo.Symbol:
    return _F("card", [_S(name)])


def _change_term(change: Change, cards: CardDatabase) -> clingo.Symbol:
    kind = change.kind
    if kind == "copy":
        return _F("copy", [_card(cards.get(change.of or "").name)])
    if kind in ("set_base_pt", "modify_pt"):
        return _F(kind, [_N(change.power or 0), _N(change.toughness or 0)])
    if kind == "lose_all_abilities":
        return _c(kind)
    if kind == "gain_ability":
        ability = _F("ab", [_card(cards.get(change.card or "").name), _N(change.ability or 1)])
        return _F(kind, [ability])
    if kind == "add_type":
        return _F(kind, [_c(change.type or "")])
    if kind == "add_subtype":
        return _F(kind, [_S(change.subtype or "")])
    if kind == "gain_keyword":
        return _F("gain_ability", [_F("keyword", [_S(change.keyword or "")])])
    if kind == "gain_control":
        return _F(kind, [_player(change.player or "")])
    if kind == "set_name":
        return _F(kind, [_S(change.name or "")])
    if kind in ("add_supertype", "remove_supertype"):
        return _F(kind, [_c(change.supertype or "")])
    raise ValueError(f"unknown effect kind {kind!r}")


def _choice_value(key: str, value: int | str, cards: CardDatabase) -> clingo.Symbol:
    if key == "number":
        return _N(int(value))
    text = str(value)
    if key == "color":
        return _c(COLORS[text])
    if key == "mana_type":
        return _c(MANA_TYPES[text])
    if key == "card_type":
        return _c(text)
    if key == "player":
        return _player(text)
    if key == "card_name":
        return _card(cards.get(text).name)
    return _S(text)


def _card_name(cards: CardDatabase, name: str, path: str) -> str:
    card = cards.find(name)
    if card is None:
        raise UnknownCardInStateError(name, cards.suggest(name), path=path)
    return card.name


def state_facts(state: GameState, cards: CardDatabase) -> Iterator[clingo.Symbol]:
    """The state facts of ``state``, card names resolved by ``cards``."""
    for i, p in enumerate(state.players, start=1):
        yield _F("player", [_player(p.id)])
        yield _F("turn_position", [_player(p.id), _N(i)])
        yield _F("life", [_player(p.id), _N(p.life)])
        for kind, amount in p.counters.items():
            if amount > 0:
                yield _F("player_counter", [_player(p.id), _S(kind), _N(amount)])
        if p.drew_from_empty:
            yield _F("drew_from_empty", [_player(p.id)])
        if p.lost:
            yield _F("lost", [_player(p.id)])
    yield _F("active_player", [_player(state.active)])
    yield _F("step", [_c(state.step)])
    if state.turn is not None:
        yield _F("turn_number", [_N(state.turn)])
    yield _F("priority", [_player(state.priority_player)])
    for p in state.passed:
        yield _F("passed", [_player(p)])
    if state.combat_damage_step is not None:
        yield _F("combat_damage_step", [_c(state.combat_damage_step)])
    ranks = state.timestamp_order()
    for index, perm in enumerate(state.battlefield):
        o = _obj(perm.id)
        name = _card_name(cards, perm.card, f"battlefield[{index}].card")
        yield _F("object", [o])
        yield _F("zone", [o, _c("battlefield")])
        yield _F("permanent", [o])
        yield _F("card_of", [o, _card(name)])
        yield _F("controller", [o, _player(perm.controller)])
        yield _F("owner", [o, _player(perm.owner)])
        if perm.tapped:
            yield _F("tapped", [o])
        if perm.sick:
            yield _F("summoning_sick", [o])
        if perm.token:
            yield _F("token", [o])
        for kind, amount in perm.counters.items():
            if amount > 0:
                yield _F("counter", [o, _S(kind), _N(amount)])
        if perm.damage > 0:
            yield _F("damage", [o, _N(perm.damage)])
        if perm.damaged_by_deathtouch:
            yield _F("damaged_by_deathtouch", [o])
        if perm.blocked:
            yield _F("blocked", [o])
        if perm.first_striker:
            yield _F("first_striker", [o])
        if perm.attached_to is not None:
            yield _F("attached_to", [o, _obj(perm.attached_to)])
        if perm.attacking is not None:
            target = _player(perm.attacking) if perm.attacking in state.player_ids else _obj(perm.attacking)
            yield _F("attacking", [o, target])
        for attacker in perm.blocking:
            yield _F("blocking", [o, _obj(attacker)])
        if perm.protector is not None:
            yield _F("protector", [o, _player(perm.protector)])
        for key, value in perm.chosen.items():
            yield _F("chosen", [o, _c(key), _choice_value(key, value, cards)])
        yield _F("timestamp", [o, _N(ranks[("permanent", perm.id)])])
    yield from _other_zone_facts(state, cards)
    for player, pool in state.mana_pool.items():
        for symbol, amount in pool.items():
            if amount > 0:
                yield _F("mana_pool", [_player(player), _c(MANA_TYPES[symbol]), _N(amount)])
    for r in state.restricted_mana:
        if r.amount > 0:
            yield _F(
                "mana_pool_restricted",
                [_player(r.player), _c(MANA_TYPES[r.mana]), _N(r.amount), clingo.parse_term(r.spend_only)],
            )
    for i, eff in enumerate(state.effects, start=1):
        e = _F("eff", [_N(i)])
        yield _F("resolved_effect", [e, _obj(eff.object), _change_term(eff.change, cards)])
        for exception in eff.change.exceptions:
            yield _F("resolved_effect_except", [e, _change_term(exception, cards)])
        yield _F("resolved_effect_timestamp", [e, _N(ranks[("effect", i)])])
        if eff.until is not None:
            yield _F("resolved_effect_until", [e, _c(eff.until)])
        if eff.source is not None:
            yield _F("resolved_effect_source", [e, _obj(eff.source)])
        if eff.controller is not None:
            yield _F("resolved_effect_controller", [e, _player(eff.controller)])
    for i, d in enumerate(state.delayed_triggers, start=1):
        when, what = clingo.parse_term(d.when), clingo.parse_term(d.what)
        yield _F("delayed_trigger", [_F("dt", [_N(i)]), when, what, _player(d.controller)])
    delayed = len(state.delayed_triggers)
    for i, t in enumerate(state.pending_triggers, start=1):
        if t.delayed is not None:  # CR 603.7: its source is the delayed trigger it was, numbered after those waiting
            delayed += 1
            yield _F("pending_trigger", [_F("tg", [_N(i)]), _F("delayed", [clingo.parse_term(t.delayed)]),
                                         _F("dt", [_N(delayed)]), _player(t.controller)])
            continue
        ability = _F("ab", [_card(_card_name(cards, t.card, f"pending_triggers[{i - 1}].card")), _N(t.ability)])
        yield _F("pending_trigger", [_F("tg", [_N(i)]), ability, _obj(t.source), _player(t.controller)])
        if t.x is not None:
            yield _F("pending_trigger_x", [_F("tg", [_N(i)]), _N(t.x)])
        yield from _remembered(_F("tg", [_N(i)]), t, cards)
    for player, n in state.lands_played.items():
        if n > 0:
            yield _F("lands_played", [_player(player), _N(n)])
    for player, n in state.spells_cast.items():
        if n > 0:
            yield _F("cast_this_turn", [_player(player), _N(n)])
    for i, act in enumerate(state.activated):
        if act.times > 0:
            ability = _F("ab", [_card(_card_name(cards, act.card, f"turn_memory.activated[{i}].card")), _N(act.ability)])
            yield _F("activated_this_turn", [_obj(act.object), ability, _N(act.times)])


def _remembered(tg: clingo.Symbol, t: Any, cards: CardDatabase) -> Iterator[clingo.Symbol]:
    """What trigger ``tg`` remembers (CR 603.10a): trigger_event(Tg, dies(V)) and V's last known
    copiable values, trigger_lki(Tg, V, copy(C)) and trigger_lki(Tg, V, except(X))."""
    if t.died is None:
        return
    v = _obj(t.died)
    yield _F("trigger_event", [tg, _F("dies", [v])])
    if t.last_known is not None:
        yield _F("trigger_lki", [tg, v, _change_term(t.last_known, cards)])
        for e in t.last_known.exceptions:
            yield _F("trigger_lki", [tg, v, _F("except", [_change_term(e, cards)])])


def _card_object_facts(
    obj: CardObject, zone: clingo.Symbol, cards: CardDatabase, path: str
) -> Iterator[clingo.Symbol]:
    o = _obj(obj.id)
    yield _F("object", [o])
    yield _F("zone", [o, zone])
    yield _F("card_of", [o, _card(_card_name(cards, obj.card, path))])
    yield _F("owner", [o, _player(obj.owner)])
    if obj.token:
        yield _F("token", [o])


def _other_zone_facts(state: GameState, cards: CardDatabase) -> Iterator[clingo.Symbol]:
    """Objects outside the battlefield: the stack, hands, libraries, graveyards, exile, command."""
    # CR 603.7: a delayed triggered ability's source is the delayed trigger it was, numbered after
    # those still waiting and the pending ones (state_facts: the same numbering).
    delayed = len(state.delayed_triggers) + sum(1 for t in state.pending_triggers if t.delayed is not None)
    for i, item in enumerate(state.stack, start=1):
        o = _obj(item.id)
        yield _F("object", [o])
        yield _F("zone", [o, _c("stack")])
        yield _F("stack_position", [o, _N(i)])
        yield _F("controller", [o, _player(item.controller)])
        yield _F("owner", [o, _player(item.owner)])
        if item.delayed is not None:
            delayed += 1
            yield _F("stack_ability", [o, _F("delayed", [clingo.parse_term(item.delayed)]), _F("dt", [_N(delayed)])])
            continue
        name = _card_name(cards, item.card or "", f"stack[{i - 1}].card")
        if item.ability is None:
            yield _F("card_of", [o, _card(name)])
        else:
            yield _F("stack_ability", [o, _F("ab", [_card(name), _N(item.ability)]), _obj(item.source or "")])
        if item.x is not None:
            yield _F("spell_x", [o, _N(item.x)])
        yield from _remembered(o.arguments[0], item, cards)
        for j, target in enumerate(item.targets, start=1):
            term = _player(target) if target in state.player_ids else _obj(target)
            yield _F("spell_target", [o, _N(j), term])
        for mode in item.modes:
            yield _F("spell_mode", [o, _N(mode)])
    for p in state.player_ids:
        hand = state.hands.get(p)
        if hand is not None:
            yield _F("hand_size", [_player(p), _N(hand.size)])
            for j, obj in enumerate(hand.cards):
                yield from _card_object_facts(obj, _F("hand", [_player(p)]), cards, f"hand.{p}[{j}].card")
        library = state.libraries.get(p)
        if library is not None:
            yield _F("library_size", [_player(p), _N(library.size)])
            for j, obj in enumerate(library.cards, start=1):
                yield from _card_object_facts(obj, _F("library", [_player(p)]), cards, f"library.{p}.top[{j - 1}].card")
                yield _F("library_position", [_obj(obj.id), _N(j)])
        for j, obj in enumerate(state.graveyards.get(p, ())):
            yield from _card_object_facts(obj, _F("graveyard", [_player(p)]), cards, f"graveyard.{p}[{j}].card")
    for j, obj in enumerate(state.exile):
        yield from _card_object_facts(obj, _c("exile"), cards, f"exile[{j}].card")
    for j, obj in enumerate(state.command):
        yield from _card_object_facts(obj, _c("command"), cards, f"command[{j}].card")


