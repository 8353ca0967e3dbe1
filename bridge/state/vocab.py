"""The vocabulary of game-state files: steps, mana types, colors, card types, choice and effect
kinds, and the keys each part of a file may have (docs/state-format.md)."""

from __future__ import annotations

from collections.abc import Mapping

#: The format version this package writes (the top-level ``version:``); it reads 1 and 2.
FORMAT_VERSION = 2

#: Versions read: version 1 files (a battlefield only) are version 2 files without the v2 fields.
READ_VERSIONS: tuple[int, ...] = (1, 2)

#: The range of a clingo number (a 32-bit signed integer): every number of a state fits in it.
INT_MIN = -(2**31)
INT_MAX = 2**31 - 1

#: The largest quantity (counters, damage, mana in a pool, cards in a zone, X, counts this turn):
#: the rules add quantities up, and a thousand of these still fit in a clingo number.
QUANTITY_MAX = 1_000_000

#: Steps of a turn in order, by CR 500-514 names (the main phases have no steps; they are listed
#: by phase name). ``step(S)`` facts use these names as constants.
STEPS: tuple[str, ...] = (
    "untap",
    "upkeep",
    "draw",
    "precombat_main",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "combat_damage",
    "end_of_combat",
    "postcombat_main",
    "end",
    "cleanup",
)

#: Other names accepted for steps (after lower-casing and turning spaces/hyphens into ``_``).
STEP_ALIASES: Mapping[str, str] = {
    "first_main": "precombat_main",
    "main1": "precombat_main",
    "main_1": "precombat_main",
    "second_main": "postcombat_main",
    "main2": "postcombat_main",
    "main_2": "postcombat_main",
    "attackers": "declare_attackers",
    "blockers": "declare_blockers",
    "damage": "combat_damage",
    "combat_damage_step": "combat_damage",
    "end_step": "end",
    "ending": "end",
}

#: Mana types (CR 106.1b) by their symbols, as the ASP constants of docs/facts.md.
MANA_TYPES: Mapping[str, str] = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c"}

#: Colors (CR 105.1) by name, as the ASP constants of docs/facts.md.
COLORS: Mapping[str, str] = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
_COLOR_BY_LETTER = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

#: Card types (CR 300.1) as the ASP constants of docs/facts.md.
CARD_TYPES: tuple[str, ...] = (
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "kindred",
    "land",
    "planeswalker",
    "sorcery",
)

#: Supertypes (CR 205.4a) as the ASP constants of docs/facts.md.
SUPERTYPES: tuple[str, ...] = ("basic", "legendary", "ongoing", "snow", "world")

BASIC_LAND_TYPES: tuple[str, ...] = ("Plains", "Island", "Swamp", "Mountain", "Forest")

#: What ``chosen:`` may record for a permanent ("as ~ enters, choose a color", CR 607.2d) and the
#: kind of value each key takes.
CHOICE_KEYS: Mapping[str, str] = {
    "color": "a color: white, blue, black, red or green (or W, U, B, R, G)",
    "mana_type": "a mana type: W, U, B, R, G or C",
    "creature_type": "a creature type, e.g. 'Elf' or 'Time Lord'",
    "basic_land_type": "a basic land type: Plains, Island, Swamp, Mountain or Forest",
    "card_type": "a card type: " + ", ".join(CARD_TYPES),
    "player": "a player id",
    "card_name": "a card name",
    "number": "an integer",
}

#: How long an effect lasts (``until:``); absent means it lasts indefinitely (CR 611.2a).
DURATIONS: tuple[str, ...] = ("end_of_turn", "end_of_combat")

#: Effect kinds and their own fields (each also has object, until, timestamp, source).
EFFECT_KINDS: Mapping[str, tuple[str, ...]] = {
    "copy": ("of", "except"),
    "set_base_pt": ("power", "toughness"),
    "modify_pt": ("power", "toughness"),
    "lose_all_abilities": (),
    "gain_ability": ("card", "ability"),
    "add_type": ("type",),
    "add_subtype": ("subtype",),
    "gain_keyword": ("keyword",),
    "gain_control": ("player",),
}

#: The kinds a copy effect's ``except:`` may list (CR 707.9: exceptions to the copied values).
EXCEPTION_KINDS: Mapping[str, tuple[str, ...]] = {
    "set_base_pt": ("power", "toughness"),
    "gain_ability": ("card", "ability"),
    "add_type": ("type",),
    "add_subtype": ("subtype",),
    "gain_keyword": ("keyword",),
    "set_name": ("name",),
    "add_supertype": ("supertype",),
    "remove_supertype": ("supertype",),
}

#: Keys people write instead of a key of the schema: unknown key → candidates (space-separated),
#: the first one allowed where the key was found is suggested.
_KEY_SYNONYMS: Mapping[str, str] = {
    "text": "oracle_text",
    "oracle": "oracle_text",
    "type": "type_line",
    "types": "type_line",
    "cost": "mana_cost",
    "manaCost": "mana_cost",
    "name": "card id",
    "summoning_sick": "sick",
    "summoning_sickness": "sick",
    "enchanting": "attached_to",
    "equipping": "attached_to",
    "attached": "attached_to",
    "attacks": "attacking",
    "blocks": "blocking",
    "life_total": "life",
    "permanents": "battlefield",
    "turn_number": "turn",
    "active_player": "active",
    "phase": "step",
    "pool": "mana_pool",
    "duration": "until",
    "target": "object",
}

