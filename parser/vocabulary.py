"""Word lists the parser needs: card types, supertypes, subtypes (CR 205), colors, ability words.

This is data, not logic. The lists follow the Comprehensive Rules effective 2026-01-16
(``MagicCompRules_20260116.txt``): card types CR 205.2a, supertypes CR 205.4a, subtypes
CR 205.3g-m, ability words CR 207.2c. ``tests/test_parser_vocabulary.py`` checks them against
that text when it is available.
"""

from __future__ import annotations

CR_VERSION = "2026-01-16"

#: CR 205.2a (the card types a card in a normal game can have, plus the casual ones).
CARD_TYPES = (
    "artifact", "battle", "conspiracy", "creature", "dungeon", "enchantment", "instant",
    "kindred", "land", "phenomenon", "plane", "planeswalker", "scheme", "sorcery", "vanguard",
)
#: "Tribal" was renamed "kindred" (CR 205.2a); old Oracle text still says "Tribal".
CARD_TYPE_ALIASES = {"tribal": "kindred"}

#: CR 205.4a.
SUPERTYPES = ("basic", "legendary", "ongoing", "snow", "world")

#: CR 205.3g
ARTIFACT_TYPES = (
    "Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food",
    "Fortification", "Gold", "Incubator", "Infinity", "Junk", "Lander", "Map", "Powerstone",
    "Spacecraft", "Stone", "Treasure", "Vehicle",
)
#: CR 205.3h
ENCHANTMENT_TYPES = (
    "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga",
    "Shard", "Shrine",
)
#: CR 205.3i; the first five are the basic land types (CR 305.6).
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
LAND_TYPES = BASIC_LAND_TYPES + (
    "Cave", "Desert", "Gate", "Lair", "Locus", "Mine", "Planet", "Power-Plant", "Sphere", "Tower",
    "Town", "Urza's",
)
#: CR 205.3j
PLANESWALKER_TYPES = (
    "Ajani", "Aminatou", "Angrath", "Arlinn", "Ashiok", "Bahamut", "Basri", "Bolas", "Calix",
    "Chandra", "Comet", "Dack", "Dakkon", "Daretti", "Davriel", "Dihada", "Domri", "Dovin",
    "Ellywick", "Elminster", "Elspeth", "Estrid", "Freyalise", "Garruk", "Gideon", "Grist", "Guff",
    "Huatli", "Jace", "Jared", "Jaya", "Jeska", "Kaito", "Karn", "Kasmina", "Kaya", "Kiora", "Koth",
    "Liliana", "Lolth", "Lukka", "Minsc", "Mordenkainen", "Nahiri", "Narset", "Niko", "Nissa",
    "Nixilis", "Oko", "Quintorius", "Ral", "Rowan", "Saheeli", "Samut", "Sarkhan", "Serra",
    "Sivitri", "Sorin", "Szat", "Tamiyo", "Tasha", "Teferi", "Teyo", "Tezzeret", "Tibalt", "Tyvar",
    "Ugin", "Urza", "Venser", "Vivien", "Vraska", "Vronos", "Will", "Windgrace", "Wrenn",
    "Xenagos", "Yanggu", "Yanling", "Zariel",
)
#: CR 205.3k
SPELL_TYPES = ("Adventure", "Arcane", "Lesson", "Omen", "Trap")
#: CR 205.3m
CREATURE_TYPES = (
    "Advisor", "Aetherborn", "Alien", "Ally", "Angel", "Antelope", "Ape", "Archer", "Archon",
    "Armadillo", "Army", "Artificer", "Assassin", "Assembly-Worker", "Astartes", "Atog", "Aurochs",
    "Avatar", "Azra", "Badger", "Balloon", "Barbarian", "Bard", "Basilisk", "Bat", "Bear", "Beast",
    "Beaver", "Beeble", "Beholder", "Berserker", "Bird", "Bison", "Blinkmoth", "Boar", "Bringer",
    "Brushwagg", "Camarid", "Camel", "Capybara", "Caribou", "Carrier", "Cat", "Centaur", "Child",
    "Chimera", "Citizen", "Cleric", "Clown", "Cockatrice", "Construct", "Coward", "Coyote", "Crab",
    "Crocodile", "C'tan", "Custodes", "Cyberman", "Cyclops", "Dalek", "Dauthi", "Demigod",
    "Demon", "Deserter", "Detective", "Devil", "Dinosaur", "Djinn", "Doctor", "Dog", "Dragon",
    "Drake", "Dreadnought", "Drix", "Drone", "Druid", "Dryad", "Dwarf", "Echidna", "Efreet", "Egg",
    "Elder", "Eldrazi", "Elemental", "Elephant", "Elf", "Elk", "Employee", "Eye", "Faerie",
    "Ferret", "Fish", "Flagbearer", "Fox", "Fractal", "Frog", "Fungus", "Gamer", "Gargoyle", "Germ",
    "Giant", "Gith", "Glimmer", "Gnoll", "Gnome", "Goat", "Goblin", "God", "Golem", "Gorgon",
    "Graveborn", "Gremlin", "Griffin", "Guest", "Hag", "Halfling", "Hamster", "Harpy", "Hedgehog",
    "Hellion", "Hero", "Hippo", "Hippogriff", "Homarid", "Homunculus", "Horror", "Horse", "Human",
    "Hydra", "Hyena", "Illusion", "Imp", "Incarnation", "Inkling", "Inquisitor", "Insect",
    "Jackal", "Jellyfish", "Juggernaut", "Kangaroo", "Kavu", "Kirin", "Kithkin", "Knight",
    "Kobold", "Kor", "Kraken", "Llama", "Lamia", "Lammasu", "Leech", "Lemur", "Leviathan",
    "Lhurgoyf", "Licid", "Lizard", "Lobster", "Manticore", "Masticore", "Mercenary", "Merfolk",
    "Metathran", "Minion", "Minotaur", "Mite", "Mole", "Monger", "Mongoose", "Monk", "Monkey",
    "Moogle", "Moonfolk", "Mount", "Mouse", "Mutant", "Myr", "Mystic", "Nautilus", "Necron",
    "Nephilim", "Nightmare", "Nightstalker", "Ninja", "Noble", "Noggle", "Nomad", "Nymph",
    "Octopus", "Ogre", "Ooze", "Orb", "Orc", "Orgg", "Otter", "Ouphe", "Ox", "Oyster", "Pangolin",
    "Peasant", "Pegasus", "Pentavite", "Performer", "Pest", "Phelddagrif", "Phoenix", "Phyrexian",
    "Pilot", "Pincher", "Pirate", "Plant", "Platypus", "Porcupine", "Possum", "Praetor",
    "Primarch", "Prism", "Processor", "Qu", "Rabbit", "Raccoon", "Ranger", "Rat", "Rebel",
    "Reflection", "Rhino", "Rigger", "Robot", "Rogue", "Sable", "Salamander", "Samurai", "Sand",
    "Saproling", "Satyr", "Scarecrow", "Scientist", "Scion", "Scorpion", "Scout", "Sculpture",
    "Seal", "Serf", "Serpent", "Servo", "Shade", "Shaman", "Shapeshifter", "Shark", "Sheep",
    "Siren", "Skeleton", "Skunk", "Slith", "Sliver", "Sloth", "Slug", "Snail", "Snake", "Soldier",
    "Soltari", "Sorcerer", "Spawn", "Specter", "Spellshaper", "Sphinx", "Spider", "Spike",
    "Spirit", "Splinter", "Sponge", "Squid", "Squirrel", "Starfish", "Surrakar", "Survivor",
    "Symbiote", "Synth", "Tentacle", "Tetravite", "Thalakos", "Thopter", "Thrull", "Tiefling",
    "Time Lord", "Toy", "Treefolk", "Trilobite", "Triskelavite", "Troll", "Turtle", "Tyranid",
    "Unicorn", "Vampire", "Varmint", "Vedalken", "Villain", "Volver", "Wall", "Walrus", "Warlock",
    "Warrior", "Weasel", "Weird", "Werewolf", "Whale", "Wizard", "Wolf", "Wolverine", "Wombat",
    "Worm", "Wraith", "Wurm", "Yeti", "Zombie", "Zubera",
)
#: Other subtypes seen on type lines (CR 205.3: battle types 310.5, dungeon, plane...).
OTHER_TYPES = ("Siege",)

#: Subtypes that are written as more than one word (CR 205.3b, 205.3m). Data, not card names.
MULTIWORD_SUBTYPES = ("Time Lord",)

ALL_SUBTYPES = (
    ARTIFACT_TYPES + ENCHANTMENT_TYPES + LAND_TYPES + PLANESWALKER_TYPES + SPELL_TYPES
    + CREATURE_TYPES + OTHER_TYPES
)

#: Colors (CR 105.1) and the mana-type letters (CR 106.1b).
COLOR_WORDS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
COLOR_LETTERS = ("w", "u", "b", "r", "g")
MANA_TYPES = ("w", "u", "b", "r", "g", "c")

#: CR 207.2c
ABILITY_WORDS = (
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel",
    "chroma", "cohort", "constellation", "converge", "council's dilemma", "coven", "delirium",
    "descend 4", "descend 8", "domain", "eerie", "eminence", "enrage", "fateful hour",
    "fathomless descent", "ferocious", "flurry", "formidable", "grandeur", "hellbent", "heroic",
    "imprint", "inspired", "join forces", "kinship", "landfall", "lieutenant", "magecraft",
    "metalcraft", "morbid", "pack tactics", "paradox", "parley", "radiance", "raid", "rally",
    "renew", "revolt", "secret council", "spell mastery", "strive", "survival", "sweep",
    "tempting offer", "threshold", "undergrowth", "valiant", "vivid", "void", "will of the council",
)

_IRREGULAR_PLURALS = {
    "Mouse": ("Mice",), "Fungus": ("Fungi", "Funguses"), "Homunculus": ("Homunculi", "Homunculuses"),
    "Cyclops": ("Cyclopes", "Cyclopses"), "Octopus": ("Octopi", "Octopuses"), "Ox": ("Oxen",),
    "Djinn": ("Djinns",), "Kithkin": ("Kithkin",), "Merfolk": ("Merfolk",),
    "Moonfolk": ("Moonfolk",), "Sheep": ("Sheep",), "Fish": ("Fish", "Fishes"),
    "Aurochs": ("Aurochs",), "Plains": ("Plains",), "Elk": ("Elk", "Elks"), "Urza's": ("Urza's",),
    "Treefolk": ("Treefolk",), "Sand": ("Sand",), "Astartes": ("Astartes",),
    "Custodes": ("Custodes",), "Gith": ("Gith",), "Qu": ("Qu",), "Dauthi": ("Dauthi",),
    "Soltari": ("Soltari",), "Thalakos": ("Thalakos",), "Efreet": ("Efreet", "Efreets"),
    "Nephilim": ("Nephilim",), "Equipment": ("Equipment",), "Phyrexian": ("Phyrexians",),
    "Samurai": ("Samurai", "Samurais"), "Ninja": ("Ninja", "Ninjas"), "Drix": ("Drix",),
    "Time Lord": ("Time Lords",), "Zubera": ("Zubera",), "Class": ("Classes",),
    "Wolverine": ("Wolverines",),
}


def plural_forms(word: str) -> tuple[str, ...]:
    """The plural spellings of a subtype, so "Elves" can be read back as the subtype Elf."""
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    forms = [word + "s"]
    if word.endswith(("s", "x", "ch", "sh", "z")):
        forms = [word + "es"]
    elif word.endswith("y") and word[-2:-1] not in ("a", "e", "o", "u"):
        forms = [word[:-1] + "ies"]
    elif word.endswith("f"):
        forms = [word[:-1] + "ves", word + "s"]
    elif word.endswith("fe"):
        forms = [word[:-2] + "ves", word + "s"]
    return tuple(forms)


def _build_subtype_index() -> dict[str, str]:
    index: dict[str, str] = {}
    for sub in ALL_SUBTYPES:
        index.setdefault(sub.lower(), sub)
        for form in plural_forms(sub):
            index.setdefault(form.lower(), sub)
    return index


#: lower-case singular or plural spelling -> canonical subtype.
SUBTYPE_INDEX: dict[str, str] = _build_subtype_index()

#: CR 702.2-702.189 keyword ability headings (rules effective 2026-01-16), in CR order.
KEYWORD_HEADINGS = (
    'Deathtouch', 'Defender', 'Double Strike', 'Enchant', 'Equip', 'First Strike', 'Flash',
    'Flying', 'Haste', 'Hexproof', 'Indestructible', 'Intimidate', 'Landwalk', 'Lifelink',
    'Protection', 'Reach', 'Shroud', 'Trample', 'Vigilance', 'Ward', 'Banding', 'Rampage',
    'Cumulative Upkeep', 'Flanking', 'Phasing', 'Buyback', 'Shadow', 'Cycling', 'Echo',
    'Horsemanship', 'Fading', 'Kicker', 'Flashback', 'Madness', 'Fear', 'Morph', 'Amplify',
    'Provoke', 'Storm', 'Affinity', 'Entwine', 'Modular', 'Sunburst', 'Bushido', 'Soulshift',
    'Splice', 'Offering', 'Ninjutsu', 'Epic', 'Convoke', 'Dredge', 'Transmute', 'Bloodthirst',
    'Haunt', 'Replicate', 'Forecast', 'Graft', 'Recover', 'Ripple', 'Split Second', 'Suspend',
    'Vanishing', 'Absorb', 'Aura Swap', 'Delve', 'Fortify', 'Frenzy', 'Gravestorm', 'Poisonous',
    'Transfigure', 'Champion', 'Changeling', 'Evoke', 'Hideaway', 'Prowl', 'Reinforce', 'Conspire',
    'Persist', 'Wither', 'Retrace', 'Devour', 'Exalted', 'Unearth', 'Cascade', 'Annihilator',
    'Level Up', 'Rebound', 'Umbra Armor', 'Infect', 'Battle Cry', 'Living Weapon', 'Undying',
    'Miracle', 'Soulbond', 'Overload', 'Scavenge', 'Unleash', 'Cipher', 'Evolve', 'Extort', 'Fuse',
    'Bestow', 'Tribute', 'Dethrone', 'Hidden Agenda', 'Outlast', 'Prowess', 'Dash', 'Exploit',
    'Menace', 'Renown', 'Awaken', 'Devoid', 'Ingest', 'Myriad', 'Surge', 'Skulk', 'Emerge',
    'Escalate', 'Melee', 'Crew', 'Fabricate', 'Partner', 'Undaunted', 'Improvise', 'Aftermath',
    'Embalm', 'Eternalize', 'Afflict', 'Ascend', 'Assist', 'Jump-Start', 'Mentor', 'Afterlife',
    'Riot', 'Spectacle', 'Escape', 'Companion', 'Mutate', 'Encore', 'Boast', 'Foretell',
    'Demonstrate', 'Daybound and Nightbound', 'Disturb', 'Decayed', 'Cleave', 'Training',
    'Compleated', 'Reconfigure', 'Blitz', 'Casualty', 'Enlist', 'Read Ahead', 'Ravenous', 'Squad',
    'Space Sculptor', 'Visit', 'Prototype', 'Living Metal', 'More Than Meets the Eye',
    'For Mirrodin!', 'Toxic', 'Backup', 'Bargain', 'Craft', 'Disguise', 'Solved', 'Plot', 'Saddle',
    'Spree', 'Freerunning', 'Gift', 'Offspring', 'Impending', 'Exhaust', 'Max Speed',
    'Start Your Engines!', 'Harmonize', 'Mobilize', 'Job Select', 'Tiered', 'Station', 'Warp',
    '∞ (Infinity)', 'Mayhem', 'Web-slinging', 'Firebending',
)
