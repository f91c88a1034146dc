"""Fantasy close combat: the round's explanation (the Why), apart from the round that computes it.
Each function turns the round's own numbers into one step.
"""

from __future__ import annotations

from fractions import Fraction

from hitrules.fantasy.after_hit import Target, wound_score
from hitrules.fantasy.melee import ON_BREAK, ON_KILLING, ON_RESULT, ON_WHO_FIRST, Blow, cites
from hitrules.fantasy.sides import (
    SIDE_NAMES,
    Side,
    causes_fear,
    fear_immune,
    rank_and_file_initiative,
    side_bonus,
    side_strength,
    terror_applies,
)
from hitrules.steps import Step
from hitrules.words import chance_text, count_text, number_text


def killing_steps(blow: Blow, target: Target) -> list[Step]:
    weapon, troop = blow.fighters.weapon, target.troop.replace("_", " ")
    steps = []
    for asked, name in ((weapon.killing_blow, "Killing Blow"), (weapon.monster_slayer, "Monster Slayer")):
        if asked and blow.rule == name:
            steps.append(Step("modifier", f"{name}: a natural 6 to wound against {troop} allows no armour and no "
                              "Regeneration save (the ward save as usual); unsaved, it removes the model "
                              "whatever Wounds it has left, and these wounds land first "
                              f"({ON_KILLING}). Chance per attack: "
                              f"{chance_text(blow.killing)}.", topic="save", anchor=cites("killing")))
        elif asked:
            steps.append(Step("skipped", f"{name} does not work against {troop}.", topic="save"))
    return steps

def initiative_steps(sides) -> list[Step]:
    """Each side's Initiative in the round where a rule changes the profile's: Strike First or Last, the
    charge's bonus (docs/rules.md § who strikes first)."""
    steps = []
    for s, side in enumerate(sides):
        parts = []
        if side.strike_first and side.strike_last:
            parts.append(f"Strike First and Strike Last cancel out: Initiative {side.initiative}")
        elif side.strike_first or side.strike_last:
            parts.append(f"Strike {'First' if side.strike_first else 'Last'}: Initiative "
                         f"{10 if side.strike_first else 1}")
        elif side.charge_bonus:
            parts.append(f"Initiative {side.initiative}")
        if side.charge_bonus:
            parts.append(f"+{side.charge_bonus} for the charge (held to 10)")
        if not parts:
            continue
        text = (f"The {SIDE_NAMES[s]}'s rank and file: {', '.join(parts)}: it strikes at "
                f"{rank_and_file_initiative(side)}")
        if side.charge_bonus and (side.mount is not None or side.others):
            text += f"; its mount and others at their own Initiative +{side.charge_bonus} (held to 10)"
        steps.append(Step("modifier", text + f" ({ON_WHO_FIRST}).", topic="initiative", anchor=cites("who first")))
    return steps


def frenzy_steps(sides) -> list[Step]:
    """Frenzy's +1 Attack for the charger (the round is round 1 of its charge)."""
    if not sides[0].frenzy:
        return []
    return [Step("modifier", f"Frenzy: the {SIDE_NAMES[0]} charged this turn, so its rank and file and its others have "
                 "+1 Attack (its mount has not).", 1, topic="initiative")]


def fear_steps(sides, fear) -> list[Step]:
    """Who takes a Fear test as the round begins, and what failing it costs (docs/rules.md § Psychology):
    ``fear`` holds for each side (the chance it tests, the chance it fails) or None."""
    steps = []
    for s, side in enumerate(sides):
        enemy = sides[1 - s]
        if not causes_fear(enemy):
            continue
        mine, theirs = side_strength(side, side.unit.models), side_strength(enemy, enemy.unit.models)
        immune = fear_immune(side, enemy)
        if fear[s] is None:
            why = immune or (f"the {SIDE_NAMES[1 - s]}'s Unit Strength ({theirs}) is not higher than its own ({mine})"
                             if s == 1 else "it tested before declaring the charge, if it had to")
            steps.append(Step("note", f"The {SIDE_NAMES[1 - s]} causes {'Terror' if enemy.causes_terror else 'Fear'}"
                              f"; the {SIDE_NAMES[s]} takes no Fear test as the round begins: {why}.", topic="fear"))
            continue
        tested, fails = fear[s]
        when = "" if tested == 1 else (f" with chance {chance_text(tested)} (when Stand & Shoot has left its Unit "
                                       "Strength the lower)")
        steps.append(Step("chance", f"Fear: the {SIDE_NAMES[s]} tests as the round begins{when}: the "
                          f"{SIDE_NAMES[1 - s]} causes Fear and has the higher Unit Strength. Leadership "
                          f"{side.leadership}: 2D6 above it fails (a double 1 passes, a double 6 fails). Failed "
                          f"Fear test ({chance_text(fails)}): -1 To Hit against the {SIDE_NAMES[1 - s]} this round; "
                          "the round is worked out both ways, each weighed by its chance.", topic="fear"))
    return steps


def afraid_text(blow: Blow, name: str) -> Step:
    return Step("modifier", f"After a failed Fear test, {name} hits on {blow.hit.score}+: "
                f"{chance_text(blow.hit.probability)}.", -1, topic="fear")


def phase_text(phase) -> str:
    names = [profile[3] for mine in phase.profiles for profile in mine]
    who = ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]
    if phase.topic == "impact":
        return f"Impact Hits are resolved first of all: {who} ({ON_WHO_FIRST})."
    if phase.topic == "stomp":
        return (f"Stomp Attacks come last, after Initiative 1, at the same time; casualties do not reduce them: "
                f"{who} ({ON_WHO_FIRST}).")
    together = " strike at the same time, each with the models alive before this step" if all(phase.profiles) else ""
    return f"{phase.title}: {who}{together or ' strike'} ({ON_WHO_FIRST})."


def blow_text(blow: Blow, attacks, kind: str, name: str, side: Side, target: Side) -> str:
    fighters, weapon = blow.fighters, blow.fighters.weapon
    if kind:
        each = fighters.attacks.bonus
        count = f"{count_text(side.fighting, 'fighting model')} × {count_text(each, 'Attack')}"
        if kind == "mount":
            count += " of each one's mount (none from a supporting rank: Cavalry Support)"
        elif side.supporting:
            count += f" + {count_text(side.supporting, 'supporting attack')}"
        if kind == "rank_and_file" and each != side.attacks:
            count += " (Frenzy: +1 Attack in a turn it charged)"
        count += ", fewer for each model slain before this step"
    else:
        count = count_text(attacks, "hit" if fighters.automatic else "attack")
    if blow.hit.automatic:
        hit = "hit automatically"
    else:
        shown = f", {fighters.modifier:+d}" if fighters.modifier else ""
        hit = (f"hit on {blow.hit.score}+ (WS {fighters.ws} against WS {target.ws}{shown}): "
               f"{chance_text(blow.hit.probability)}")
    score = wound_score(weapon.strength, target.unit.toughness)
    wound = f"wound on {score}+ (S{weapon.strength} against T{target.unit.toughness})" if score else "cannot wound"
    text = (f"{name[0].upper()}{name[1:]}: {count}; {hit}; {wound}. Each attack is an unsaved wound with chance "
            f"{chance_text(blow.killing + blow.ordinary)}")
    if blow.rule:
        text += f", a {blow.rule} that removes a model outright {chance_text(blow.killing)} ({ON_KILLING})"
    if str(weapon.multiple_wounds) != "1":
        text += f"; Multiple Wounds ({weapon.multiple_wounds})"
    return text + "."

def after_text(phase, runs, sides, full) -> Step:
    """The models each side has lost after a step, over the round's runs (each its states and denominator)."""
    lost = [Fraction(0), Fraction(0)]
    wiped = [Fraction(0), Fraction(0)]
    for states, den in runs:
        run_lost, run_wiped = [0, 0], [0, 0]
        for key, (_, ways) in states.items():
            w = sum(ways)
            for s in (0, 1):
                run_lost[s] += key[s] // sides[s].unit.wounds * w
                run_wiped[s] += w if key[s] == full[s] else 0
        for s in (0, 1):
            lost[s] += Fraction(run_lost[s], den)
            wiped[s] += Fraction(run_wiped[s], den)
    parts = []
    for s in (0, 1):
        part = f"the {SIDE_NAMES[s]} has lost {number_text(lost[s])} models on average"
        if wiped[s]:
            part += f" and is wiped out with chance {chance_text(wiped[s])}"
        parts.append(part)
    return Step("chance", f"After {phase.title}: {parts[0]}; {parts[1]}.", topic=phase.topic)

def _rank_parts(side: Side, facts: dict) -> list[str]:
    """The Why's words for a side's ranks and Close Order (see hitrules.fantasy.result's _facts)."""
    unit = side.unit
    if facts["skirmish"]:
        return ["Skirmish: no Rank Bonus and no Close Order"]
    if facts["marching"]:
        return [f"Marching Column ({facts['marching']} ranks deep, {side.rank_width} wide: deeper than wide): no Rank "
                "Bonus and no Close Order"]
    if facts["disrupted"] == "input":
        parts = ["Disrupted: no Rank Bonus"]
    elif facts["disrupted"]:
        parts = [f"Disrupted (fought in its {facts['fought_in']} by a unit of Unit Strength "
                 f"{10 if unit.troop == 'heavy_infantry' else 5} or more, not in Skirmish): no Rank Bonus"]
    else:
        parts = [f"Rank Bonus +{facts['ranks']} with all {facts['in_ranks']} models in ranks of {side.rank_width} "
                 f"({unit.troop.replace('_', ' ')}: at most +{facts['top']}), less as models fall"]
        if side.horde:
            parts.append("Horde: Rank Bonus +1 at most")
    if facts["close_order"]:
        parts.append("Close Order +1 while its Unit Strength is 10 or more and it is no deeper than wide")
    return parts


def result_steps(sides, scored, facts, chances) -> list[Step]:
    steps = [Step("base", "Combat result: each side scores +1 for each Wound the enemy lost this round (a "
                  "Wound that Regeneration recovers still counts; damage beyond a model's last Wound counts "
                  "nothing), its Rank Bonus and Close Order from the models it has left, and its bonuses; a side "
                  f"that is wiped out scores only its Wounds ({ON_RESULT}).", topic="result", anchor=cites("result"))]
    for s, side in enumerate(sides):
        parts = _rank_parts(side, facts[s])
        parts += [f"{name} +{value}" for name, value in side_bonus(side)]
        if facts[s]["massed"]:
            parts.append(f"Massed Infantry ({side.unit.troop.replace('_', ' ')}) +1 if its Unit Strength is the "
                         "higher at the end")
        steps.append(Step("roll", f"The {SIDE_NAMES[s]}: {'; '.join(parts)}. Its expected score: "
                          f"{number_text(scored[s])}.", topic="result"))
    win, draw, lose = chances
    steps.append(Step("chance", f"The higher score wins; equal scores are a draw; a side wiped out loses "
                      f"(both: a draw). The charger wins {chance_text(win)}, draws {chance_text(draw)} and "
                      f"loses {chance_text(lose)}.", topic="result"))
    return steps


def break_step(side: Side, name: str, test: dict[str, Fraction], enemy: Side | None = None) -> Step:
    terror = enemy is not None and terror_applies(enemy, side)
    leadership = (f"Leadership {side.leadership} - 1 = {side.leadership - 1} (the enemy causes Terror)" if terror
                  else f"Leadership {side.leadership}")
    how = ("Unbreakable: it never tests, and Gives Ground" if side.unbreakable else
           "Stubborn: it Falls Back in Good Order without a test" if side.stubborn and not side.stubborn_tests else
           ("Stubborn, it chose to test: " if side.stubborn else "") + f"{leadership}: 2D6 above it Breaks; "
           "within it, but above it with the difference "
           "added, Falls Back in Good Order (Breaks instead when the winner's Unit Strength is more than twice "
           "its own); otherwise, or on a double 1, Gives Ground")
    loses = sum(test.values(), Fraction(0))
    if not loses:
        return Step("chance", f"The {name} cannot lose this round, so it takes no Break test "
                    f"({ON_BREAK}).", topic="break", anchor=cites("break"))
    labels = (("break", "Breaks"), ("fall_back", "Falls Back"), ("give_ground", "Gives Ground"),
              ("wiped_out", "is wiped out"))
    outcomes = ", ".join(f"{label} {chance_text(test[key])}" for key, label in labels if test[key])
    return Step("chance", f"If the {name} loses ({chance_text(loses)}): {how} ({ON_BREAK}). It "
                f"loses and {outcomes}.", topic="break", anchor=cites("break"))
