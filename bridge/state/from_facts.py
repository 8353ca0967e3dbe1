"""State facts → a :class:`GameState`: the inverse of :mod:`.facts`.

A transition (docs/engine-v2.md §3) derives its successor as ``next(F)`` atoms; the arguments F
are state facts in the vocabulary of §1. :func:`state_from_facts` builds the state they describe,
so that it can be saved as a state file (``apply --out DIR``) and asked again:
``state_from_facts(state.facts(), state).facts()`` gives the same facts back.

A fact whose predicate is not a state fact is an error (never dropped silently).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import clingo

from ..errors import InvalidStateError
from .model import (
    Activation,
    CardObject,
    Change,
    DelayedTrigger,
    Effect,
    FrozenDict,
    GameState,
    Hidden,
    PendingTrigger,
    Permanent,
    Player,
    RestrictedMana,
    StackObject,
)
from .vocab import COLORS, MANA_TYPES

_COLOR_WORDS = {v: k for k, v in COLORS.items()}
_MANA_SYMBOLS = {v: k for k, v in MANA_TYPES.items()}

#: Every state predicate with its arity: what :func:`state_from_facts` reads.
STATE_PREDICATES: frozenset[tuple[str, int]] = frozenset(
    {
        ("player", 1), ("turn_position", 2), ("life", 2), ("player_counter", 3), ("drew_from_empty", 1), ("lost", 1),
        ("active_player", 1), ("step", 1), ("turn_number", 1), ("priority", 1), ("passed", 1),
        ("object", 1), ("zone", 2), ("card_of", 2), ("owner", 2), ("controller", 2), ("permanent", 1),
        ("tapped", 1), ("summoning_sick", 1), ("token", 1), ("damaged_by_deathtouch", 1), ("blocked", 1), ("first_striker", 1),
        ("combat_damage_step", 1), ("counter", 3), ("damage", 2),
        ("attached_to", 2), ("attacking", 2), ("blocking", 2), ("protector", 2), ("chosen", 3),
        ("timestamp", 2), ("library_size", 2), ("library_position", 2), ("hand_size", 2),
        ("stack_position", 2), ("stack_ability", 3), ("spell_x", 2), ("spell_target", 3), ("spell_mode", 2),
        ("mana_pool", 3), ("mana_pool_restricted", 4),
        ("resolved_effect", 3), ("resolved_effect_except", 2), ("resolved_effect_timestamp", 2),
        ("resolved_effect_until", 2), ("resolved_effect_source", 2), ("resolved_effect_controller", 2),
        ("delayed_trigger", 4), ("pending_trigger", 4), ("pending_trigger_x", 2),
        ("trigger_event", 2), ("trigger_lki", 3),
        ("lands_played", 2), ("cast_this_turn", 2), ("activated_this_turn", 3),
    }
)  # fmt: skip


def _fail(problem: str) -> InvalidStateError:
    return InvalidStateError("(facts)", problem)


def _id(term: clingo.Symbol, kind: str) -> str:
    """``obj("x")`` → ``"x"`` (kind ``obj``), ``player("a")`` → ``"a"``. An object named by
    another term, as the rules name new objects (``obj(tg(1))``, a trigger put on the stack),
    gets that term's text as its id: ``"tg(1)"``."""
    if term.type is clingo.SymbolType.Function and term.name == kind and len(term.arguments) == 1:
        arg = term.arguments[0]
        if arg.type is clingo.SymbolType.String:
            return arg.string
        if kind == "obj":
            return str(arg)
    raise _fail(f"expected {kind}(\"...\"), got {str(term)[:60]}")


def _saved_ids(term: clingo.Symbol) -> clingo.Symbol:
    """``term`` with every object named by a non-string term written as the id it is saved
    under (``obj(tk(...))`` → ``obj("tk(...)")``, as :func:`_id` saves the object itself), so an
    effect term (a delayed trigger's "exile it") still names that object once read again."""
    if term.type is not clingo.SymbolType.Function:
        return term
    if term.name == "obj" and len(term.arguments) == 1 and term.arguments[0].type is not clingo.SymbolType.String:
        return clingo.Function("obj", [clingo.String(str(term.arguments[0]))])
    return clingo.Function(term.name, [_saved_ids(a) for a in term.arguments], term.positive)


def _card(term: clingo.Symbol) -> str:
    return _id(term, "card")


def _ability(term: clingo.Symbol) -> tuple[str, int]:
    """``ab(card("C"), N)`` → ``("C", N)``."""
    if term.match("ab", 2) and term.arguments[1].type is clingo.SymbolType.Number:
        return _card(term.arguments[0]), term.arguments[1].number
    if term.match("delayed", 1):
        raise _fail(f"a delayed triggered ability ({str(term)[:60]}) is a state only as a pending trigger or a "
                    "stack object whose source is its delayed trigger dt(N) (CR 603.7)")
    raise _fail(f"expected ab(card(...), N), got {str(term)[:60]}")


def _change(term: clingo.Symbol, excepts: Iterable[clingo.Symbol] = ()) -> Change:
    name, args = term.name, term.arguments
    if name == "copy":
        return Change("copy", of=_card(args[0]), exceptions=tuple(_change(e) for e in excepts))
    if name in ("set_base_pt", "modify_pt"):
        return Change(name, power=args[0].number, toughness=args[1].number)
    if name == "lose_all_abilities":
        return Change(name)
    if name == "gain_ability" and args[0].match("keyword", 1) and args[0].arguments[0].type is clingo.SymbolType.String:
        return Change("gain_keyword", keyword=args[0].arguments[0].string)
    if name == "gain_control" and len(args) == 1:
        return Change(name, player=_id(args[0], "player"))
    if name == "gain_ability":
        card, n = _ability(args[0])
        return Change(name, card=card, ability=n)
    if name == "add_type":
        return Change(name, type=args[0].name)
    if name == "add_subtype":
        return Change(name, subtype=args[0].string)
    if name == "set_name" and args[0].type is clingo.SymbolType.String:
        return Change(name, name=args[0].string)
    if name in ("add_supertype", "remove_supertype"):
        return Change(name, supertype=args[0].name)
    raise _fail(f"unknown effect term {str(term)[:60]}")


def _choice(key: str, value: clingo.Symbol) -> int | str:
    if key == "number":
        return value.number
    if key == "color":
        return _COLOR_WORDS[value.name]
    if key == "mana_type":
        return _MANA_SYMBOLS[value.name]
    if key == "card_type":
        return value.name
    if key == "player":
        return _id(value, "player")
    if key == "card_name":
        return _card(value)
    return value.string


def state_from_facts(symbols: Iterable[clingo.Symbol], base: GameState | None = None) -> GameState:
    """The state that ``symbols`` (state facts, e.g. the arguments of a transition's ``next/1``
    atoms) describe. ``base`` (the state the transition started from) gives what facts do not
    carry: the ``cards:`` definitions, the notes, and the order of objects in zones without
    positions (hands, graveyards, exile); objects new to the state follow, by id.

    Raises :class:`~mtgasp.errors.InvalidStateError` (path ``(facts)``) for a fact that is not
    a state fact or is malformed.
    """
    by: dict[str, list[tuple[clingo.Symbol, ...]]] = defaultdict(list)
    unknown = []
    for sym in symbols:
        if sym.type is not clingo.SymbolType.Function or (sym.name, len(sym.arguments)) not in STATE_PREDICATES:
            unknown.append(str(sym))
            continue
        by[sym.name].append(tuple(sym.arguments))
    if unknown:
        shown = ", ".join(sorted(unknown)[:5]) + (", ..." if len(unknown) > 5 else "")
        raise _fail(f"not state facts (docs/engine-v2.md §1): {shown[:300]}")
    named: dict[str, clingo.Symbol] = {}
    for (o, *_rest) in by["object"] + by["zone"]:
        ident = _id(o, "obj")
        if named.setdefault(ident, o) != o:
            raise _fail(f"objects {named[ident]} and {o} would both get the id {ident!r}")
    try:
        return _build(by, base)
    except (AttributeError, IndexError, KeyError, RuntimeError) as exc:
        raise _fail(f"malformed state facts ({type(exc).__name__}: {str(exc)[:60]})") from None


def _one(by: dict[str, list[tuple[clingo.Symbol, ...]]], name: str) -> clingo.Symbol | None:
    rows = by.get(name, [])
    if len(rows) > 1:
        raise _fail(f"{len(rows)} {name}/1 facts; a state has one")
    return rows[0][0] if rows else None


def _build(by: dict[str, list[tuple[clingo.Symbol, ...]]], base: GameState | None) -> GameState:  # noqa: C901
    pos = {_id(p, "player"): i.number for p, i in by["turn_position"]}
    ids = sorted((_id(p, "player") for (p,) in by["player"]), key=lambda p: (pos.get(p, 1 << 40), p))
    if not ids:
        raise _fail("no player/1 fact")
    life = {_id(p, "player"): n.number for p, n in by["life"]}
    pcounters: dict[str, dict[str, int]] = defaultdict(dict)
    for p, k, n in by["player_counter"]:
        pcounters[_id(p, "player")][k.string] = n.number
    drew = {_id(p, "player") for (p,) in by["drew_from_empty"]}
    lost = {_id(p, "player") for (p,) in by["lost"]}
    players = tuple(
        Player(p, life.get(p, 20), FrozenDict(sorted(pcounters[p].items())), p in drew, p in lost) for p in ids
    )
    active_sym = _one(by, "active_player")
    active = _id(active_sym, "player") if active_sym is not None else ids[0]
    step_sym = _one(by, "step")
    turn_sym = _one(by, "turn_number")
    prio_sym = _one(by, "priority")
    priority = _id(prio_sym, "player") if prio_sym is not None else None

    # Objects and their facts, keyed by id.
    zone = {_id(o, "obj"): z for o, z in by["zone"]}
    for (o,) in by["permanent"]:
        zone.setdefault(_id(o, "obj"), clingo.Function("battlefield"))
    attr: dict[str, dict[str, Any]] = defaultdict(dict)
    multi: dict[str, dict[str, list[Any]]] = defaultdict(lambda: defaultdict(list))
    for name in ("card_of", "owner", "controller", "damage", "attached_to", "attacking", "protector",
                 "timestamp", "library_position", "stack_position", "spell_x"):  # fmt: skip
        for o, v in by[name]:
            attr[_id(o, "obj")][name] = v
    for name in ("tapped", "summoning_sick", "token", "damaged_by_deathtouch", "blocked", "first_striker"):
        for (o,) in by[name]:
            attr[_id(o, "obj")][name] = True
    for o, k, n in by["counter"]:
        multi[_id(o, "obj")]["counter"].append((k.string, n.number))
    for o, b in by["blocking"]:
        multi[_id(o, "obj")]["blocking"].append(_id(b, "obj"))
    for o, k, v in by["chosen"]:
        multi[_id(o, "obj")]["chosen"].append((k.name, _choice(k.name, v)))
    for o, a, src in by["stack_ability"]:
        if a.match("delayed", 1) and src.match("dt", 1):  # CR 603.7: no card ability, no source object
            attr[_id(o, "obj")]["delayed"] = str(_saved_ids(a.arguments[0]))
        else:
            attr[_id(o, "obj")]["ability"] = (_ability(a), _id(src, "obj"))
    for o, i, t in by["spell_target"]:
        multi[_id(o, "obj")]["targets"].append((i.number, _id(t, t.name)))
    for o, m in by["spell_mode"]:
        multi[_id(o, "obj")]["modes"].append(m.number)

    # What each trigger remembers (CR 603.10a), by the id its stack object has (obj(Tg)) and, while
    # it waits, by its key tg(I).
    remembered: dict[Any, dict[str, Any]] = defaultdict(dict)
    lki: dict[Any, list[clingo.Symbol]] = defaultdict(list)
    for tg, event in by["trigger_event"]:
        if not event.match("dies", 1):
            raise _fail(f"unknown trigger event {str(event)[:60]} (expected dies(obj(..)))")
        remembered[tg]["died"] = _id(event.arguments[0], "obj")
    for tg, _v, x in by["trigger_lki"]:
        lki[tg].append(x)
    for tg, xs in lki.items():
        copies = [x for x in xs if x.match("copy", 1)]
        if len(copies) != 1 or "died" not in remembered[tg]:
            raise _fail(f"trigger {str(tg)[:40]}: last known values need one copy(..) and its trigger_event")
        excepts = sorted((x.arguments[0] for x in xs if x.match("except", 1)), key=str)
        remembered[tg]["last_known"] = _change(copies[0], excepts)
    for tg, n in by["pending_trigger_x"]:
        remembered[tg]["x"] = n.number
    stack_terms = {o.arguments[0] for o, _ in by["stack_position"]}
    on_stack = {_id(clingo.Function("obj", [tg]), "obj"): r for tg, r in remembered.items() if tg in stack_terms}

    order = {ident: i for i, ident in enumerate(base.object_ids())} if base is not None else {}

    def ordered(idents: Iterable[str], key: str | None = None) -> list[str]:
        if key is not None:
            return sorted(idents, key=lambda o: (attr[o][key].number if key in attr[o] else 1 << 40, o))
        return sorted(idents, key=lambda o: (order.get(o, 1 << 40), o))

    def player_of(o: str, name: str) -> str:
        return _id(attr[o][name], "player")

    def card_object(o: str) -> CardObject:
        return CardObject(o, _card(attr[o]["card_of"]), player_of(o, "owner"), bool(attr[o].get("token")))

    battlefield, stack, exile, command = [], [], [], []
    zoned: dict[tuple[str, str], list[str]] = defaultdict(list)
    for o, z in zone.items():
        if z.name == "battlefield":
            battlefield.append(o)
        elif z.name == "stack":
            stack.append(o)
        elif z.name == "exile":
            exile.append(o)
        elif z.name == "command":
            command.append(o)
        elif z.name in ("hand", "library", "graveyard") and len(z.arguments) == 1:
            zoned[(z.name, _id(z.arguments[0], "player"))].append(o)
        else:
            raise _fail(f"unknown zone {str(z)[:60]} of obj({o!r})")

    permanents = []
    for o in ordered(battlefield, "timestamp"):
        a, m = attr[o], multi[o]
        attacking = a.get("attacking")
        permanents.append(
            Permanent(
                id=o,
                card=_card(a["card_of"]),
                controller=player_of(o, "controller"),
                owner=player_of(o, "owner") if "owner" in a else "",
                tapped=bool(a.get("tapped")),
                sick=bool(a.get("summoning_sick")),
                token=bool(a.get("token")),
                counters=FrozenDict(sorted(m["counter"])),
                damage=a["damage"].number if "damage" in a else 0,
                attached_to=_id(a["attached_to"], "obj") if "attached_to" in a else None,
                attacking=_id(attacking, attacking.name) if attacking is not None else None,
                blocking=tuple(sorted(m["blocking"])),
                protector=player_of(o, "protector") if "protector" in a else None,
                chosen=FrozenDict(sorted(m["chosen"])),
                timestamp=a["timestamp"].number if "timestamp" in a else 0,
                damaged_by_deathtouch=bool(a.get("damaged_by_deathtouch")),
                blocked=bool(a.get("blocked")),
                first_striker=bool(a.get("first_striker")),
            )
        )
    stack_objects = []
    for o in ordered(stack, "stack_position"):
        a, m = attr[o], multi[o]
        ability = a.get("ability")
        card = _card(a["card_of"]) if "card_of" in a else (ability[0][0] if ability else None)
        stack_objects.append(
            StackObject(
                id=o,
                controller=player_of(o, "controller"),
                card=card,
                ability=ability[0][1] if ability else None,
                source=ability[1] if ability else None,
                owner=player_of(o, "owner") if "owner" in a else "",
                x=a["spell_x"].number if "spell_x" in a else None,
                targets=tuple(t for _, t in sorted(m["targets"])),
                modes=tuple(sorted(m["modes"])),
                delayed=a.get("delayed"),
                **on_stack.get(o, {}),
            )
        )
    hand_size = {_id(p, "player"): n.number for p, n in by["hand_size"]}
    library_size = {_id(p, "player"): n.number for p, n in by["library_size"]}
    hands, libraries, graveyards = {}, {}, {}
    for p in ids:
        in_hand = tuple(card_object(o) for o in ordered(zoned[("hand", p)]))
        if p in hand_size or in_hand:
            hands[p] = Hidden(hand_size.get(p, len(in_hand)), in_hand)
        in_library = tuple(card_object(o) for o in ordered(zoned[("library", p)], "library_position"))
        if p in library_size or in_library:
            libraries[p] = Hidden(library_size.get(p, len(in_library)), in_library)
        if zoned[("graveyard", p)]:
            graveyards[p] = tuple(card_object(o) for o in ordered(zoned[("graveyard", p)]))

    pools: dict[str, dict[str, int]] = defaultdict(dict)
    for p, t, n in by["mana_pool"]:
        pools[_id(p, "player")][_MANA_SYMBOLS[t.name]] = n.number
    restricted = tuple(
        sorted(
            (
                RestrictedMana(_id(p, "player"), _MANA_SYMBOLS[t.name], n.number, str(r))
                for p, t, n, r in by["mana_pool_restricted"]
            ),
            key=lambda r: (ids.index(r.player), r.mana, r.spend_only),
        )
    )

    effects = _effects(by)
    delayed = tuple(
        DelayedTrigger(str(w), str(_saved_ids(x)), _id(p, "player"))
        for _, w, x, p in sorted(by["delayed_trigger"], key=lambda row: str(row[0]))
    )
    pending = []
    for tg, a, src, p in sorted(by["pending_trigger"], key=lambda row: row[0].arguments[0].number):
        if a.match("delayed", 1) and src.match("dt", 1):  # CR 603.7: no card ability, no source object
            pending.append(PendingTrigger("", 0, "", _id(p, "player"), delayed=str(_saved_ids(a.arguments[0]))))
            continue
        card, n = _ability(a)
        pending.append(PendingTrigger(card, n, _id(src, "obj"), _id(p, "player"), **remembered.get(tg, {})))
    activated = tuple(
        sorted(
            (Activation(_id(o, "obj"), *_ability(a), n.number) for o, a, n in by["activated_this_turn"]),
            key=lambda a: (a.object, a.card, a.ability),
        )
    )
    state = GameState(
        players=players,
        active=active,
        step=step_sym.name if step_sym is not None else "precombat_main",
        battlefield=tuple(permanents),
        mana_pool=FrozenDict((p, FrozenDict(sorted(pools[p].items()))) for p in ids if p in pools),
        effects=effects,
        cards=base.cards if base is not None else (),
        notes=base.notes if base is not None else None,
        turn=turn_sym.number if turn_sym is not None else None,
        priority=priority if priority != active else None,
        passed=tuple(p for p in ids if p in {_id(q, "player") for (q,) in by["passed"]}),
        combat_damage_step=cds.name if (cds := _one(by, "combat_damage_step")) is not None else None,
        stack=tuple(stack_objects),
        hands=FrozenDict(hands),
        libraries=FrozenDict(libraries),
        graveyards=FrozenDict(graveyards),
        exile=tuple(card_object(o) for o in ordered(exile)),
        command=tuple(card_object(o) for o in ordered(command)),
        restricted_mana=restricted,
        delayed_triggers=delayed,
        pending_triggers=tuple(pending),
        lands_played=FrozenDict((_id(p, "player"), n.number) for p, n in sorted(by["lands_played"])),
        spells_cast=FrozenDict((_id(p, "player"), n.number) for p, n in sorted(by["cast_this_turn"])),
        activated=activated,
    )
    return _plain_timestamps(state)


def _plain_timestamps(state: GameState) -> GameState:
    """The state without ``timestamp`` fields when the order of the file says the same (the
    battlefield as listed, then the effects as listed): a saved successor reads like a hand-written
    file."""
    plain = replace(
        state,
        battlefield=tuple(replace(p, timestamp=0) for p in state.battlefield),
        effects=tuple(replace(e, timestamp=0) for e in state.effects),
    )
    return plain if plain.timestamp_order() == state.timestamp_order() else state


def _effects(by: dict[str, list[tuple[clingo.Symbol, ...]]]) -> tuple[Effect, ...]:
    """The ``resolved_effect*`` facts, in the order of their effect number (``eff(I)``)."""
    extra: dict[clingo.Symbol, dict[str, Any]] = defaultdict(dict)
    excepts: dict[clingo.Symbol, list[clingo.Symbol]] = defaultdict(list)
    for name in ("timestamp", "until", "source", "controller"):
        for e, v in by[f"resolved_effect_{name}"]:
            extra[e][name] = v
    for e, t in by["resolved_effect_except"]:
        excepts[e].append(t)
    out = []
    for e, o, term in sorted(by["resolved_effect"], key=lambda row: (row[0].arguments[0].number, str(row[0]))):
        x = extra[e]
        out.append(
            Effect(
                object=_id(o, "obj"),
                change=_change(term, sorted(excepts[e], key=str)),
                until=x["until"].name if "until" in x else None,
                timestamp=x["timestamp"].number if "timestamp" in x else 0,
                source=_id(x["source"], "obj") if "source" in x else None,
                controller=_id(x["controller"], "player") if "controller" in x else None,
            )
        )
    return tuple(out)
