"""The game states of the benchmarks, built in code as state dicts (the schema of
docs/state-format.md) and validated with :func:`mtgasp.state.state_from_dict`.

Every generator is deterministic: the same arguments give the same state.
"""

from __future__ import annotations

import random
from typing import Any

from mtgasp.state import GameState, state_from_dict

PLAYERS = ("alice", "bob", "carol", "dave")

# ---------------------------------------------------------------------------------------------
# 1. Boards of N permanents (issue 2)
# ---------------------------------------------------------------------------------------------

# (card, weight, how often it is summoning sick). A board in the middle of a long multiplayer
# game: mostly basic lands, some lands and rocks whose mana depends on other permanents
# ("could produce", CR 106.7), mana creatures, any-color sources, and some non-mana creatures
# (they count for Gaea's Cradle).
MIX: tuple[tuple[str, int, float], ...] = (
    ("Plains", 6, 0.0),
    ("Island", 6, 0.0),
    ("Swamp", 6, 0.0),
    ("Mountain", 6, 0.0),
    ("Forest", 8, 0.0),
    ("Snow-Covered Forest", 1, 0.0),
    ("Wastes", 1, 0.0),
    ("Reflecting Pool", 4, 0.0),
    ("Exotic Orchard", 4, 0.0),
    ("Fellwar Stone", 3, 0.0),
    ("City of Brass", 3, 0.0),
    ("Mana Confluence", 3, 0.0),
    ("Gaea's Cradle", 1, 0.0),
    ("Sol Ring", 2, 0.0),
    ("Azorius Signet", 2, 0.0),
    ("Llanowar Elves", 5, 0.3),
    ("Elvish Mystic", 4, 0.3),
    ("Birds of Paradise", 4, 0.3),
    ("Priest of Titania", 1, 0.3),
    ("Elvish Archdruid", 1, 0.3),
    ("Grizzly Bears", 5, 0.2),
    ("Serra Angel", 3, 0.2),
)

# Command Tower is left out: without a commander its ability has no legal outcome in the rules
# yet, and one Command Tower makes the whole mana_abilities query unsatisfiable (no answer for
# any permanent), so it would time a non-answer (see docs/benchmarks.md).

# alice's permanents that every board has (the query targets: "pool" for could_produce and tap).
CORE: tuple[dict[str, Any], ...] = (
    {"id": "pool", "card": "Reflecting Pool", "controller": "alice"},
    {"id": "forest", "card": "Forest", "controller": "alice"},
    {"id": "orchard", "card": "Exotic Orchard", "controller": "alice"},
    {"id": "elves", "card": "Llanowar Elves", "controller": "alice", "sick": True},
    {"id": "birds", "card": "Birds of Paradise", "controller": "alice"},
    {"id": "cradle", "card": "Gaea's Cradle", "controller": "alice"},
)


def board_dict(n: int, *, players: int = 4, seed: int = 2) -> dict[str, Any]:
    """A state dict with exactly ``n`` permanents (``n`` ≥ 6) spread over ``players`` players."""
    if n < len(CORE):
        raise ValueError(f"a board needs at least {len(CORE)} permanents")
    who = PLAYERS[:players]
    rng = random.Random(f"board-{n}-{players}-{seed}")
    names = [c for c, _, _ in MIX]
    weights = [w for _, w, _ in MIX]
    sick = {c: s for c, _, s in MIX}
    battlefield: list[dict[str, Any]] = [dict(p) for p in CORE]
    for i in range(n - len(CORE)):
        card = rng.choices(names, weights)[0]
        perm: dict[str, Any] = {"id": f"p{i}", "card": card, "controller": who[i % len(who)]}
        if sick[card] and rng.random() < sick[card]:
            perm["sick"] = True
        if rng.random() < 0.15:
            perm["tapped"] = True
        battlefield.append(perm)
    return {
        "version": 1,
        "notes": f"benchmark board: {n} permanents, {players} players",
        "players": list(who),
        "active": "alice",
        "step": "precombat_main",
        "battlefield": battlefield,
    }


def board(n: int, *, players: int = 4, seed: int = 2) -> GameState:
    return state_from_dict(board_dict(n, players=players, seed=seed), source=f"<board {n}>")


# ---------------------------------------------------------------------------------------------
# 2. Twenty lands, some of them any-color sources (issue 2: pools)
# ---------------------------------------------------------------------------------------------

BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
BASIC_TYPE = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
ANY_COLOR = ("City of Brass", "Mana Confluence")


def twenty_lands_dict(any_color: int, *, lands: int = 20) -> dict[str, Any]:
    """alice controls ``lands`` untapped lands: ``any_color`` any-color ones (City of Brass and
    Mana Confluence alternately), the rest basic lands cycling W U B R G. bob has one Island."""
    if not 0 <= any_color <= lands:
        raise ValueError("any_color must be between 0 and the number of lands")
    battlefield: list[dict[str, Any]] = []
    for i in range(lands - any_color):
        battlefield.append({"id": f"basic{i}", "card": BASICS[i % 5], "controller": "alice"})
    for i in range(any_color):
        battlefield.append({"id": f"any{i}", "card": ANY_COLOR[i % 2], "controller": "alice"})
    battlefield.append({"id": "bob_island", "card": "Island", "controller": "bob"})
    return {
        "version": 1,
        "notes": f"benchmark: {lands} lands, {any_color} of them any-color",
        "players": ["alice", "bob"],
        "active": "alice",
        "battlefield": battlefield,
    }


def twenty_lands(any_color: int, *, lands: int = 20) -> GameState:
    return state_from_dict(twenty_lands_dict(any_color, lands=lands), source=f"<{lands} lands, {any_color} any>")


def land_options(state_dict: dict[str, Any], player: str = "alice") -> list[list[str]]:
    """For the pools baseline: per land of ``player``, the mana types one activation can add."""
    out = []
    for perm in state_dict["battlefield"]:
        if perm["controller"] != player or perm.get("tapped"):
            continue
        card = perm["card"]
        if card in BASIC_TYPE:
            out.append([BASIC_TYPE[card]])
        elif card in ANY_COLOR:
            out.append(list("WUBRG"))
        else:  # pragma: no cover - the generator only uses the cards above
            raise ValueError(f"no baseline options for {card}")
    return out


# ---------------------------------------------------------------------------------------------
# 4. One land and k replacement effects (issue 3)
# ---------------------------------------------------------------------------------------------

COLOR_NAMES = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green"}
CYCLE = "WUBRG"

DOUBLER_TEXT = "If you tap a permanent for mana, it produces twice as much of that mana instead."


def tint_text(color: str) -> str:
    return f"If a land is tapped for mana, it produces {{{color}}} instead of any other type."


def effect_cards() -> list[dict[str, Any]]:
    """The custom effect cards (state ``cards:``): "Twice Over" (a doubler) and "Tint <Color>"."""
    cards = [{"name": "Twice Over", "type_line": "Enchantment", "mana_cost": "{2}{G}", "oracle_text": DOUBLER_TEXT}]
    for c in CYCLE:
        cards.append(
            {
                "name": f"Tint {COLOR_NAMES[c]}",
                "type_line": "Enchantment",
                "mana_cost": f"{{2}}{{{c}}}",
                "oracle_text": tint_text(c),
            }
        )
    return cards


def family_effects(family: str, k: int) -> list[tuple[str, str]]:
    """The k effects of a family as (card name, brute-force spec): spec "x2" or a color letter."""
    out: list[tuple[str, str]] = []
    for i in range(k):
        if family == "independent":
            out.append(("Twice Over", "x2"))
        elif family == "interacting":
            if i % 2 == 0:
                c = CYCLE[(i // 2) % 5]
                out.append((f"Tint {COLOR_NAMES[c]}", c))
            else:
                out.append(("Twice Over", "x2"))
        elif family == "type_changers":
            c = CYCLE[i % 5]
            out.append((f"Tint {COLOR_NAMES[c]}", c))
        else:
            raise ValueError(f"unknown family {family!r}")
    return out


FAMILIES = {
    "independent": 'k copies of a doubler ("twice as much of that mana")',
    "interacting": "type-changers (W, U, B, R, G, W, ...) alternating with doublers",
    "type_changers": "k type-changers only, colors cycling W, U, B, R, G",
}


def replacement_dict(family: str, k: int, *, land: str = "Wastes") -> dict[str, Any]:
    """alice controls ``land`` (id "land") and the k effect permanents of ``family``."""
    battlefield: list[dict[str, Any]] = [{"id": "land", "card": land, "controller": "alice"}]
    for i, (card, _spec) in enumerate(family_effects(family, k)):
        battlefield.append({"id": f"e{i + 1}", "card": card, "controller": "alice"})
    used = {card for card, _ in family_effects(family, k)}
    return {
        "version": 1,
        "notes": f"benchmark: {land} tapped for mana with {k} replacement effects ({family})",
        "players": ["alice", "bob"],
        "active": "alice",
        "battlefield": battlefield,
        "cards": [c for c in effect_cards() if c["name"] in used],
    }


def replacement_state(family: str, k: int, *, land: str = "Wastes") -> GameState:
    return state_from_dict(replacement_dict(family, k, land=land), source=f"<{family} k={k}>")
