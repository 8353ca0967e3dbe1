"""Triggered, static, spell and replacement constructs of the parser: Oracle line → the exact
facts of that ability (docs/facts.md): trigger conditions, copy effects, P/T effects, the
legend rule, type- and color-setting statics, the common effect vocabulary, replacement
effects, modal spells, Saga chapters and quoted (also nested) abilities.

Each case is a real Oracle text (card names as in cards.jsonl). ``A`` stands for the ability's
id ``ab(card(Name), N)`` and ``C`` for ``card(Name)``; the whole fact set of the ability is
compared, not fragments.
"""

from __future__ import annotations

from dataclasses import dataclass

import clingo
import pytest

from mtgasp.parser import parse_card


@dataclass(frozen=True)
class Case:
    name: str
    text: str
    type_line: str
    index: int
    facts: list[str]

    def __str__(self) -> str:  # pytest id
        return self.name


def ability_facts(name: str, text: str, type_line: str, index: int) -> list[str]:
    """The sorted facts of ability ``index``, with the ids written as A and C."""
    pc = parse_card(name, text, type_line=type_line)
    assert pc.abilities[index - 1].supported, pc.abilities[index - 1].message
    card = str(clingo.Function("card", [clingo.String(name)]))
    ab = f"ab({card},{index})"
    block = [fs for comment, fs in pc.blocks if comment.startswith(f"% {index}:")][0]
    return sorted(str(f).replace(ab, "A").replace(card, "C") for f in block)


CASES = [
    Case('Wall of Omens', 'When Wall of Omens enters the battlefield, draw a card.', 'Creature — Wall', 1, [
        'ability_text(A,"When ~ enters the battlefield, draw a card.")',
        'card_ability(C,A)',
        'effect(A,1,draw(you,1))',
        'filter(f(A,1),1,self)',
        'trigger(A,enters(f(A,1)))',
        'triggered(A)',
    ]),
    Case('Young Pyromancer', 'Whenever you cast an instant or sorcery spell, create a 1/1 red Elemental creature token.', 'Creature — Human Shaman', 1, [
        'ability_text(A,"Whenever you cast an instant or sorcery spell, create a 1/1 red Elemental creature token.")',
        'card_ability(C,A)',
        'effect(A,1,create_token(you,1,tok(A,1)))',
        'filter(f(A,1),1,controller(you))',
        'filter(f(A,1),1,spell)',
        'filter(f(A,1),1,type(instant))',
        'filter(f(A,1),2,controller(you))',
        'filter(f(A,1),2,spell)',
        'filter(f(A,1),2,type(sorcery))',
        'token_color(tok(A,1),r)',
        'token_pt(tok(A,1),1,1)',
        'token_subtype(tok(A,1),"Elemental")',
        'token_type(tok(A,1),creature)',
        'trigger(A,cast(f(A,1)))',
        'triggered(A)',
    ]),
    Case('Talrand, Sky Summoner', 'Whenever you cast an instant or sorcery spell, create a 2/2 blue Drake creature token with flying.', 'Legendary Creature — Merfolk Wizard', 1, [
        'ability_text(A,"Whenever you cast an instant or sorcery spell, create a 2/2 blue Drake creature token with flying.")',
        'card_ability(C,A)',
        'effect(A,1,create_token(you,1,tok(A,1)))',
        'filter(f(A,1),1,controller(you))',
        'filter(f(A,1),1,spell)',
        'filter(f(A,1),1,type(instant))',
        'filter(f(A,1),2,controller(you))',
        'filter(f(A,1),2,spell)',
        'filter(f(A,1),2,type(sorcery))',
        'token_ability(tok(A,1),keyword("flying"))',
        'token_color(tok(A,1),u)',
        'token_pt(tok(A,1),2,2)',
        'token_subtype(tok(A,1),"Drake")',
        'token_type(tok(A,1),creature)',
        'trigger(A,cast(f(A,1)))',
        'triggered(A)',
    ]),
    Case('Blood Artist', 'Whenever Blood Artist or another creature dies, target player loses 1 life and you gain 1 life.', 'Creature — Vampire', 1, [
        'ability_text(A,"Whenever ~ or another creature dies, target player loses 1 life and you gain 1 life.")',
        'card_ability(C,A)',
        'effect(A,1,lose_life(target(f(A,2),1),1))',
        'effect(A,2,gain_life(you,1))',
        'filter(f(A,1),1,self)',
        'filter(f(A,1),2,other)',
        'filter(f(A,1),2,type(creature))',
        'filter(f(A,2),1,player)',
        'trigger(A,dies(f(A,1)))',
        'triggered(A)',
    ]),
    Case('Phyrexian Arena', 'At the beginning of your upkeep, you draw a card and you lose 1 life.', 'Enchantment', 1, [
        'ability_text(A,"At the beginning of your upkeep, you draw a card and you lose 1 life.")',
        'card_ability(C,A)',
        'effect(A,1,draw(you,1))',
        'effect(A,2,lose_life(you,1))',
        'trigger(A,phase(upkeep,you))',
        'triggered(A)',
    ]),
    Case('Kiki-Jiki, Mirror Breaker', "{T}: Create a token that's a copy of target nonlegendary creature you control, except it has haste. Sacrifice it at the beginning of the next end step.", 'Legendary Creature — Goblin Shaman', 1, [
        'ability_text(A,"{T}: Create a token that\'s a copy of target nonlegendary creature you control, except it has haste. Sacrifice it at the beginning of the next end step.")',
        'activated(A)',
        'card_ability(C,A)',
        'copy_except(A,1,has(keyword("haste")))',
        'cost(A,tap)',
        'effect(A,1,create_token(you,1,tok(A,1)))',
        'effect(A,2,sacrifice(you,it))',
        'effect_delayed(A,2,phase(end,next))',
        'filter(f(A,1),1,controller(you))',
        'filter(f(A,1),1,non(supertype(legendary)))',
        'filter(f(A,1),1,type(creature))',
        'token_copy_of(tok(A,1),target(f(A,1),1))',
    ]),
    Case('Clone', 'You may have Clone enter the battlefield as a copy of any creature on the battlefield.', 'Creature — Shapeshifter', 1, [
        'ability_text(A,"You may have ~ enter the battlefield as a copy of any creature on the battlefield.")',
        'card_ability(C,A)',
        'continuous(A,1,f(A,1),enters_as_copy(some(f(A,2),1)))',
        'effect_optional(A,1)',
        'filter(f(A,1),1,self)',
        'filter(f(A,2),1,in_zone(battlefield))',
        'filter(f(A,2),1,type(creature))',
        'static(A)',
    ]),
    Case('Mirrorweave', 'Each other creature becomes a copy of target nonlegendary creature until end of turn.', 'Instant', 1, [
        'ability_text(A,"Each other creature becomes a copy of target nonlegendary creature until end of turn.")',
        'card_ability(C,A)',
        'effect(A,1,apply(each(f(A,1)),copy_of(target(f(A,2),1)),until_end_of_turn))',
        'filter(f(A,1),1,other)',
        'filter(f(A,1),1,type(creature))',
        'filter(f(A,2),1,non(supertype(legendary)))',
        'filter(f(A,2),1,type(creature))',
        'spell_effect(A)',
    ]),
    Case('Giant Growth', 'Target creature gets +3/+3 until end of turn.', 'Instant', 1, [
        'ability_text(A,"Target creature gets +3/+3 until end of turn.")',
        'card_ability(C,A)',
        'effect(A,1,apply(target(f(A,1),1),modify_pt(3,3),until_end_of_turn))',
        'filter(f(A,1),1,type(creature))',
        'spell_effect(A)',
    ]),
    Case('Glorious Anthem', 'Creatures you control get +1/+1.', 'Enchantment', 1, [
        'ability_text(A,"Creatures you control get +1/+1.")',
        'card_ability(C,A)',
        'continuous(A,1,f(A,1),modify_pt(1,1))',
        'filter(f(A,1),1,controller(you))',
        'filter(f(A,1),1,type(creature))',
        'static(A)',
    ]),
    Case('Mirror Gallery', "The legend rule doesn't apply.", 'Artifact', 1, [
        'ability_text(A,"The legend rule doesn\'t apply.")',
        'card_ability(C,A)',
        'continuous(A,1,f(A,1),legend_rule_exempt)',
        'filter(f(A,1),1,permanent)',
        'static(A)',
    ]),
    Case('Sakashima of a Thousand Faces', 'The "legend rule" doesn\'t apply to permanents you control.', 'Legendary Creature — Human Rogue', 1, [
        'ability_text(A,"The \\"legend rule\\" doesn\'t apply to permanents you control.")',
        'card_ability(C,A)',
        'continuous(A,1,f(A,1),legend_rule_exempt)',
        'filter(f(A,1),1,controller(you))',
        'filter(f(A,1),1,permanent)',
        'static(A)',
    ]),
    Case("Painter's Servant", "As Painter's Servant enters the battlefield, choose a color.", 'Artifact Creature — Scarecrow', 1, [
        'ability_text(A,"As ~ enters the battlefield, choose a color.")',
        'as_enters(A,f(A,1),enters)',
        'card_ability(C,A)',
        'effect(A,1,choose(you,color(1)))',
        'filter(f(A,1),1,self)',
        'static(A)',
    ]),
    Case('Lightning Bolt', 'Lightning Bolt deals 3 damage to any target.', 'Instant', 1, [
        'ability_text(A,"~ deals 3 damage to any target.")',
        'card_ability(C,A)',
        'effect(A,1,damage(self,3,target(f(A,1),1)))',
        'filter(f(A,1),1,type(creature))',
        'filter(f(A,1),2,player)',
        'filter(f(A,1),3,type(planeswalker))',
        'filter(f(A,1),4,type(battle))',
        'spell_effect(A)',
    ]),
    Case('Doom Blade', 'Destroy target nonblack creature.', 'Instant', 1, [
        'ability_text(A,"Destroy target nonblack creature.")',
        'card_ability(C,A)',
        'effect(A,1,destroy(target(f(A,1),1)))',
        'filter(f(A,1),1,non(color(b)))',
        'filter(f(A,1),1,type(creature))',
        'spell_effect(A)',
    ]),
    Case('Swords to Plowshares', 'Exile target creature. Its controller gains life equal to its power.', 'Instant', 1, [
        'ability_text(A,"Exile target creature. Its controller gains life equal to its power.")',
        'card_ability(C,A)',
        'effect(A,1,exile(target(f(A,1),1)))',
        'effect(A,2,gain_life_amount(controller_of(it),power(it)))',
        'filter(f(A,1),1,type(creature))',
        'spell_effect(A)',
    ]),
    Case('Divination', 'Draw two cards.', 'Sorcery', 1, [
        'ability_text(A,"Draw two cards.")',
        'card_ability(C,A)',
        'effect(A,1,draw(you,2))',
        'spell_effect(A)',
    ]),
    Case('Rampant Growth', 'Search your library for a basic land card, put that card onto the battlefield tapped, then shuffle.', 'Sorcery', 1, [
        'ability_text(A,"Search your library for a basic land card, put that card onto the battlefield tapped, then shuffle.")',
        'card_ability(C,A)',
        'effect(A,1,search(you,you,some(f(A,1),1)))',
        'effect(A,2,put_onto_battlefield(you,that(f(A,2)),mods(tapped)))',
        'effect(A,3,shuffle(you))',
        'filter(f(A,1),1,card)',
        'filter(f(A,1),1,supertype(basic))',
        'filter(f(A,1),1,type(land))',
        'filter(f(A,2),1,card)',
        'spell_effect(A)',
    ]),
    Case('Unsummon', "Return target creature to its owner's hand.", 'Instant', 1, [
        'ability_text(A,"Return target creature to its owner\'s hand.")',
        'card_ability(C,A)',
        'effect(A,1,return_hand(target(f(A,1),1),owner_of(it)))',
        'filter(f(A,1),1,type(creature))',
        'spell_effect(A)',
    ]),
    Case('Counterspell', 'Counter target spell.', 'Instant', 1, [
        'ability_text(A,"Counter target spell.")',
        'card_ability(C,A)',
        'effect(A,1,counter(target(f(A,1),1)))',
        'filter(f(A,1),1,spell)',
        'spell_effect(A)',
    ]),
    Case('Rest in Peace', 'If a card or token would be put into a graveyard from anywhere, exile it instead.', 'Enchantment', 1, [
        'ability_text(A,"If a card or token would be put into a graveyard from anywhere, exile it instead.")',
        'card_ability(C,A)',
        'effect(A,1,exile(it))',
        'filter(f(A,1),1,card)',
        'filter(f(A,1),2,token)',
        'replacement(A)',
        'replaces(A,be_put_into(some(f(A,1),1),graveyard(any)))',
        'static(A)',
    ]),
    Case('Hardened Scales', 'If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on it instead.', 'Enchantment', 1, [
        'ability_text(A,"If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on it instead.")',
        'card_ability(C,A)',
        'effect(A,1,put_counters("+1/+1",plus(that_many,1),it))',
        'filter(f(A,1),1,controller(you))',
        'filter(f(A,1),1,type(creature))',
        'replacement(A)',
        'replaces(A,be_put_on(counters("+1/+1",at_least(1)),some(f(A,1),1)))',
        'static(A)',
    ]),
    Case('Anointed Procession', 'If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead.', 'Enchantment', 1, [
        'ability_text(A,"If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead.")',
        'card_ability(C,A)',
        'effect(A,1,create_twice_those(it))',
        'filter(f(A,1),1,token)',
        'replacement(A)',
        'replaces(A,create_n_or_more(an_effect,1,f(A,1),you))',
        'static(A)',
    ]),
    Case("Jeska's Will", "Choose one. If you control a commander as you cast this spell, you may choose both.\n• Add {R} for each card in target opponent's hand.\n• Exile the top three cards of your library. You may play them this turn.", 'Sorcery', 1, [
        'ability_text(A,"Choose one. If you control a commander as you cast ~, you may choose both.\\n• Add {R} for each card in target opponent\'s hand.\\n• Exile the top three cards of your library. You may play them this turn.")',
        'adds(A,1,1,count(f(A,2)),type(r))',
        'card_ability(C,A)',
        'effect(A,1,add_mana)',
        'effect(A,2,exile_top(you,3,you))',
        'effect(A,3,play(you,them))',
        'effect_duration(A,3,this_turn)',
        'effect_mode(A,1,1)',
        'effect_mode(A,2,2)',
        'effect_mode(A,3,2)',
        'effect_optional(A,3)',
        'filter(f(A,1),1,commander)',
        'filter(f(A,2),1,card)',
        'filter(f(A,2),1,in_zone(hand(target(f(A,3),1))))',
        'filter(f(A,3),1,opponent)',
        'modal(A,1,1)',
        'modal_if(A,control_as_cast(some(f(A,1),1),self),1,2)',
        'spell_effect(A)',
    ]),
    Case('Liliana of the Dark Realms', '−6: You get an emblem with "Swamps you control have \'{T}: Add {B}{B}{B}{B}.\'"', 'Legendary Planeswalker — Liliana', 1, [
        'ability_text(A,"−6: You get an emblem with \\"Swamps you control have \'{T}: Add {B}{B}{B}{B}.\'\\"")',
        'ability_text(ab(C,1,1),"Swamps you control have \'{T}: Add {B}{B}{B}{B}.\'")',
        'ability_text(ab(C,1,2),"{T}: Add {B}{B}{B}{B}.")',
        'activated(A)',
        'activated(ab(C,1,2))',
        'adds(ab(C,1,2),1,1,4,type(b))',
        'card_ability(C,A)',
        'continuous(ab(C,1,1),1,f(ab(C,1,1),1),gain_ability(ab(C,1,2)))',
        'cost(A,loyalty(-6))',
        'cost(ab(C,1,2),tap)',
        'effect(A,1,emblem(you,(ab(C,1,1),)))',
        'effect(ab(C,1,2),1,add_mana)',
        'filter(f(ab(C,1,1),1),1,controller(you))',
        'filter(f(ab(C,1,1),1),1,subtype("Swamp"))',
        'static(ab(C,1,1))',
    ]),
    Case('Esper Terra', 'IV — Add {W}{U}, {U}{B}, {B}{R}, {R}{G}, and {G}{W}. Exile Esper Terra, then return it to the battlefield.', 'Enchantment Creature — Saga Wizard', 1, [
        'ability_text(A,"IV — Add {W}{U}, {U}{B}, {B}{R}, {R}{G}, and {G}{W}. Exile ~, then return it to the battlefield.")',
        'adds(A,1,1,2,type(w))',
        'adds(A,1,2,2,type(u))',
        'adds(A,1,3,2,type(b))',
        'adds(A,1,4,2,type(r))',
        'adds(A,1,5,2,type(g))',
        'card_ability(C,A)',
        'effect(A,1,add_mana)',
        'effect(A,2,exile(self))',
        'effect(A,3,return_to_battlefield(you,it))',
        'trigger(A,chapter(4))',
        'triggered(A)',
    ]),
    Case('Ifrit, Warden of Inferno', 'I — Lunge — Ifrit fights up to one other target creature.', 'Legendary Enchantment Creature — Saga Demon', 1, [
        'ability_text(A,"I — Lunge — ~ fights up to one other target creature.")',
        'ability_word(A,"lunge")',
        'card_ability(C,A)',
        'effect(A,1,fight(self,target_up_to(f(A,1),1)))',
        'filter(f(A,1),1,other)',
        'filter(f(A,1),1,type(creature))',
        'trigger(A,chapter(1))',
        'triggered(A)',
    ]),
    Case('Master of Winds', "Whenever you cast an instant, sorcery, or Wizard spell, you may have Master of Winds's base power and toughness become 4/1 or 1/4 until end of turn.", 'Creature — Sphinx Wizard', 1, [
        'ability_text(A,"Whenever you cast an instant, sorcery, or Wizard spell, you may have ~\'s base power and toughness become 4/1 or 1/4 until end of turn.")',
        'card_ability(C,A)',
        'effect(A,1,choice)',
        'effect_option(A,1,1,apply(self,set_base_pt(4,1),until_end_of_turn))',
        'effect_option(A,1,2,apply(self,set_base_pt(1,4),until_end_of_turn))',
        'effect_optional(A,1)',
        'filter(f(A,1),1,controller(you))',
        'filter(f(A,1),1,spell)',
        'filter(f(A,1),1,type(instant))',
        'filter(f(A,1),2,controller(you))',
        'filter(f(A,1),2,spell)',
        'filter(f(A,1),2,type(sorcery))',
        'filter(f(A,1),3,controller(you))',
        'filter(f(A,1),3,spell)',
        'filter(f(A,1),3,subtype("Wizard"))',
        'trigger(A,cast(f(A,1)))',
        'trigger_optional(A)',
        'triggered(A)',
    ]),
    Case('Darkest Hour', 'All creatures are black.', 'Enchantment', 1, [
        'ability_text(A,"All creatures are black.")',
        'card_ability(C,A)',
        'continuous(A,1,f(A,1),set_color(b))',
        'filter(f(A,1),1,type(creature))',
        'static(A)',
    ]),
    Case('Blood Moon', 'Nonbasic lands are Mountains.', 'Enchantment', 1, [
        'ability_text(A,"Nonbasic lands are Mountains.")',
        'card_ability(C,A)',
        'continuous(A,1,f(A,1),set_land_subtype("Mountain"))',
        'filter(f(A,1),1,non(supertype(basic)))',
        'filter(f(A,1),1,type(land))',
        'static(A)',
    ]),
    Case('Mirror Gallery', "The legend rule doesn't apply.", 'Artifact', 1, [
        'ability_text(A,"The legend rule doesn\'t apply.")',
        'card_ability(C,A)',
        'continuous(A,1,f(A,1),legend_rule_exempt)',
        'filter(f(A,1),1,permanent)',
        'static(A)',
    ]),
    Case('Wild Growth', 'Whenever enchanted land is tapped for mana, its controller adds an additional {G}.', 'Enchantment — Aura', 1, [
        'ability_text(A,"Whenever enchanted land is tapped for mana, its controller adds an additional {G}.")',
        'adds(A,1,1,1,type(g))',
        'adds_to(A,event_controller)',
        'card_ability(C,A)',
        'effect(A,1,add_mana)',
        'filter(f(A,1),1,enchanted_by_self)',
        'filter(f(A,1),1,type(land))',
        'trigger(A,tapped_for_mana(f(A,1)))',
        'triggered(A)',
    ]),
    Case('Grave Pact', 'Whenever a creature you control dies, each other player sacrifices a creature.', 'Enchantment', 1, [
        'ability_text(A,"Whenever a creature you control dies, each other player sacrifices a creature.")',
        'card_ability(C,A)',
        'effect(A,1,sacrifice(each(f(A,2)),some(f(A,3),1)))',
        'filter(f(A,1),1,controller(you))',
        'filter(f(A,1),1,type(creature))',
        'filter(f(A,2),1,other)',
        'filter(f(A,2),1,player)',
        'filter(f(A,3),1,type(creature))',
        'trigger(A,dies(f(A,1)))',
        'triggered(A)',
    ]),
    Case("Ulamog's Crusher", 'Annihilator 2', 'Creature — Eldrazi', 1, [
        'ability_text(A,"Annihilator 2")',
        'card_ability(C,A)',
        'keyword(A,"annihilator")',
        'keyword_param(A,n(2))',
        'triggered(A)',
    ]),
    Case('Vraska, the Silencer', 'Whenever a nontoken creature an opponent controls dies, you may pay {1}. If you do, return that card to the battlefield tapped under your control. It\'s a Treasure artifact with "{T}, Sacrifice this artifact: Add one mana of any color," and it loses all other card types.', 'Legendary Creature — Gorgon Assassin', 1, [
        'ability_text(A,"Whenever a nontoken creature an opponent controls dies, you may pay {1}. If you do, return that card to the battlefield tapped under your control. It\'s a Treasure artifact with \\"{T}, Sacrifice ~: Add one mana of any color,\\" and it loses all other card types.")',
        'ability_text(ab(C,1,1),"{T}, Sacrifice ~: Add one mana of any color")',
        'activated(ab(C,1,1))',
        'adds(ab(C,1,1),1,1,1,choice(same))',
        'adds_option(ab(C,1,1),1,1,b)',
        'adds_option(ab(C,1,1),1,1,g)',
        'adds_option(ab(C,1,1),1,1,r)',
        'adds_option(ab(C,1,1),1,1,u)',
        'adds_option(ab(C,1,1),1,1,w)',
        'card_ability(C,A)',
        'cost(ab(C,1,1),sacrifice_self)',
        'cost(ab(C,1,1),tap)',
        'effect(A,1,pay(you,mana(generic(1),1)))',
        'effect(A,2,return_to_battlefield(you,that(f(A,2)),mods(tapped,under_control_of(you))))',
        'effect(A,3,is_type_with(it,f(A,3),(ab(C,1,1),)))',
        'effect(A,4,lose_other_types(it,"card types"))',
        'effect(ab(C,1,1),1,add_mana)',
        'effect_condition(A,2,you_do)',
        'effect_optional(A,1)',
        'filter(f(A,1),1,controller(opponent))',
        'filter(f(A,1),1,non(token))',
        'filter(f(A,1),1,type(creature))',
        'filter(f(A,2),1,card)',
        'filter(f(A,3),1,subtype("Treasure"))',
        'filter(f(A,3),1,type(artifact))',
        'trigger(A,dies(f(A,1)))',
        'trigger_optional(A)',
        'triggered(A)',
    ]),
    Case('Academy Wall', 'This ability triggers only once each turn.', 'Creature — Wall', 1, [
        'ability_text(A,"This ability triggers only once each turn.")',
        'card_ability(C,A)',
        'static(A)',
        'trigger_restriction(A,once_per_turn)',
    ]),
    Case('Ancient Tomb', '{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you.', 'Land', 1, [
        'ability_text(A,"{T}: Add {C}{C}. ~ deals 2 damage to you.")',
        'activated(A)',
        'adds(A,1,1,2,type(c))',
        'card_ability(C,A)',
        'cost(A,tap)',
        'effect(A,1,add_mana)',
        'effect(A,2,damage(self,2,you))',
    ]),
    # untap choices, exert, perpetual effects, additional combat phases, must-be-blocked
    Case('Amber Prison', 'You may choose not to untap Amber Prison during your untap step.', 'Artifact', 1, [
        'ability_text(A,"You may choose not to untap ~ during your untap step.")',
        'card_ability(C,A)',
        'continuous(A,1,f(A,1),choose_not(you,untap(self)))',
        'effect_condition(A,1,during(untap_step(you)))',
        'effect_optional(A,1)',
        'filter(f(A,1),1,you)',
        'static(A)',
    ]),
    Case('Dwarven Vigilantes', "Whenever Dwarven Vigilantes attacks and isn't blocked, you may have it deal damage equal to its power to target creature. If you do, Dwarven Vigilantes assigns no combat damage this turn.", 'Creature — Dwarf', 1, [
        'ability_text(A,"Whenever ~ attacks and isn\'t blocked, you may have it deal damage equal to its power to target creature. If you do, ~ assigns no combat damage this turn.")',
        'card_ability(C,A)',
        'effect(A,1,damage_amount(it,power(it),target(f(A,2),1)))',
        'effect(A,2,apply(self,assign_no_combat_damage,this_turn))',
        'effect_condition(A,2,you_do)',
        'effect_optional(A,1)',
        'filter(f(A,1),1,self)',
        'filter(f(A,2),1,type(creature))',
        'trigger(A,unblocked(f(A,1)))',
        'trigger_optional(A)',
        'triggered(A)',
    ]),
    Case('Abandoned Campground', 'Abandoned Campground enters tapped unless a player has 13 or less life.', 'Land', 1, [
        'ability_text(A,"~ enters tapped unless a player has 13 or less life.")',
        'card_ability(C,A)',
        'continuous(A,1,f(A,1),enters_tapped)',
        'effect_unless(A,1,have_life_at_most(some(f(A,2),1),13))',
        'filter(f(A,1),1,self)',
        'filter(f(A,2),1,player)',
        'static(A)',
    ]),
    Case('Black Ward', "Enchanted creature has protection from black. This effect doesn't remove Black Ward.", 'Enchantment — Aura', 1, [
        'ability_text(A,"Enchanted creature has protection from black. This effect doesn\'t remove ~.")',
        'card_ability(C,A)',
        'continuous(A,1,f(A,1),gain_ability(keyword("protection",from(color(b)))))',
        'effect_doesnt_remove(A,self)',
        'filter(f(A,1),1,enchanted_by_self)',
        'filter(f(A,1),1,type(creature))',
        'static(A)',
    ]),
    Case('Relentless Assault', 'Untap all creatures that attacked this turn. After this main phase, there is an additional combat phase followed by an additional main phase.', 'Sorcery', 1, [
        'ability_text(A,"Untap all creatures that attacked this turn. After this main phase, there is an additional combat phase followed by an additional main phase.")',
        'card_ability(C,A)',
        'effect(A,1,untap(each(f(A,1))))',
        'effect(A,2,additional_combat_and_main(this_main_phase))',
        'filter(f(A,1),1,attacked_this_turn)',
        'filter(f(A,1),1,type(creature))',
        'spell_effect(A)',
    ]),
    Case('Canopy Stalker', 'Canopy Stalker must be blocked if able.', 'Creature — Cat', 1, [
        'ability_text(A,"~ must be blocked if able.")',
        'card_ability(C,A)',
        'continuous(A,1,f(A,1),must_be_blocked)',
        'filter(f(A,1),1,self)',
        'static(A)',
    ]),
    Case('Commodore Guff', 'Commodore Guff can be your commander.', 'Legendary Planeswalker — Guff', 1, [
        'ability_text(A,"~ can be your commander.")',
        'card_ability(C,A)',
        'continuous(A,1,f(A,1),can_be_commander)',
        'filter(f(A,1),1,self)',
        'static(A)',
    ]),
    Case('Accessories to Murder', 'Whenever you crank Accessories to Murder, draw a card.', 'Artifact — Contraption', 1, [
        'ability_text(A,"Whenever you crank ~, draw a card.")',
        'card_ability(C,A)',
        'effect(A,1,draw(you,1))',
        'filter(f(A,1),1,self)',
        'trigger(A,crank(you,f(A,1)))',
        'triggered(A)',
    ]),
    Case('Begin Anew', 'Destroy all creatures. Creature cards in your hand perpetually get +1/+1.', 'Sorcery', 1, [
        'ability_text(A,"Destroy all creatures. Creature cards in your hand perpetually get +1/+1.")',
        'card_ability(C,A)',
        'effect(A,1,destroy(each(f(A,1))))',
        'effect(A,2,apply(each(f(A,2)),modify_pt(1,1),perpetual))',
        'filter(f(A,1),1,type(creature))',
        'filter(f(A,2),1,card)',
        'filter(f(A,2),1,in_zone(hand(you)))',
        'filter(f(A,2),1,type(creature))',
        'spell_effect(A)',
    ]),
]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_ability_facts(case: Case) -> None:
    assert ability_facts(case.name, case.text, case.type_line, case.index) == sorted(case.facts)


def test_self_or_another_is_one_filter_with_both_branches() -> None:
    """"Whenever ~ or another creature dies": the trigger's filter keeps the self branch."""
    facts = ability_facts("Blood Artist", "Whenever Blood Artist or another creature dies, you gain 1 life.",
                          "Creature — Vampire", 1)
    assert "filter(f(A,1),1,self)" in facts and "filter(f(A,1),2,other)" in facts


def test_nested_quotes_number_quoted_abilities_in_one_sequence() -> None:
    pc = parse_card("Liliana of the Dark Realms",
                    '−6: You get an emblem with "Swamps you control have \'{T}: Add {B}{B}{B}{B}.\'"',
                    type_line="Legendary Planeswalker — Liliana")
    ids = sorted({str(f.arguments[0]) for f in pc.facts if f.name == "ability_text"})
    card = 'card("Liliana of the Dark Realms")'
    assert ids == [f"ab({card},1)", f"ab({card},1,1)", f"ab({card},1,2)"]


def test_replacement_without_instead_is_rejected() -> None:
    """An "If ... would ..." sentence is a replacement only with "instead" (CR 614.1a)."""
    pc = parse_card("Test", "If a creature would die, you gain 1 life.", type_line="Enchantment")
    assert not pc.fully_parsed
    assert pc.unsupported[0].span == (0, len("If a creature would die, you gain 1 life."))
