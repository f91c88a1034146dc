"""Learn's charge: how far a charge goes, whether a fleeing unit is caught, and a whole charge rolled
through with seeded dice."""

import random

import streamlit as st

import webui
import webui_cache
import webui_routes
from hitrules import fantasy
from hitrules.edge import urlstate
from hitrules.presentation import figures
from hitrules.words import chance_text, count_text
from views import draw

BOUNDS = urlstate.bounds(urlstate.LEARN)


def next_seed() -> None:
    st.session_state["learn_seed"] = min(st.session_state["learn_seed"] + 1, BOUNDS["seed"][1])


#: The charge lesson's flights against pursuits (docs/rules.md § Fantasy charge: after the Break test): what
#: flees and what pursues, in words, and the movers.
_CHASES = (("A unit that Breaks (2D6) against a pursuer of 2D6", fantasy.Mover(4), fantasy.Mover(4), False),
           ("A unit that Breaks (2D6) against a pursuer with Swiftstride (3D6)", fantasy.Mover(4, swiftstride=True),
            fantasy.Mover(4), False),
           ("A unit that Falls Back in Good Order (2D6 keep the higher) against 2D6", fantasy.Mover(4),
            fantasy.Mover(4), True),
           ("A Resolute unit that Breaks (2D6 - 1) against 2D6", fantasy.Mover(4), fantasy.Mover(4, resolute=True),
            False))
#: What the charge lesson's faces are: the Charge roll's kept die, never a die to hit.
CHARGE_DIE_WORDS = "The Charge roll, 2D6 keep the higher: the kept die"


def charge_section(values: dict) -> None:
    """The charge: the Charge roll's faces (2D6 keep the higher), one charge worked out, and the flight
    against the pursuit, each from the engine."""
    st.subheader("The Charge roll: 2D6, keep the higher")
    kept = fantasy.charge_range(fantasy.Mover(1))  # M 1 + the kept die: the die is the range less 1
    faces = [(k, kept[k + 1]) for k in range(1, 7)]
    st.markdown("Roll two dice and keep the higher. A kept **k** comes from every roll whose higher die is k: "
                "(k, k), and k with any of the k - 1 lower faces, either way round: **2k - 1 of the 36 rolls**.")
    st.markdown(" · ".join(f"kept {k}: **{chance_text(p)}**" for k, p in faces))
    st.markdown(f"So a kept 6 ({chance_text(faces[5][1])}) is **11 times as likely** as a kept 1 "
                f"({chance_text(faces[0][1])}): the charge range is Movement + the kept die, and it reaches when "
                "it is at least the distance.")
    roll = fantasy.charge_roll(fantasy.Mover(4), 9)
    reach = next(s.hitting_faces for s in roll.steps if s.kind == "roll")
    draw.why("M 4 from 9\": does it reach?", roll.steps, None,
             after=f"{CHARGE_DIE_WORDS} (✓ the charge reaches):\n\n{draw.faces_row(reach)}")
    st.page_link(webui_routes.pages()["explore"], label="Every Movement and distance: How far can I charge?",
                 query_params={"view": "charge"}, icon=":material/straighten:")
    st.subheader("The flight against the pursuit")
    st.markdown("A unit that loses and Breaks flees 2D6; the winner pursues 2D6 and catches it (destroying it) "
                "when its pursuit is **at least** the flight. A tie goes to the pursuer, which is why 2D6 against "
                "2D6 catches more often than not.")
    chases = [(words, fantasy.pursuit(pursuer, fleer, good_order)) for words, pursuer, fleer, good_order in _CHASES]
    st.markdown("\n".join(f"- {words}: caught **{chance_text(chase.caught)}**" for words, chase in chases))
    draw.why("Why 721/1296", chases[0][1].steps, None)
    _charge_rolled()


#: The whole charge rolled through (docs/rules.md § Fantasy: the charge, RULES.md §8's example): §7's round of
#: 2 models a side (1 Wound, T3, no saves, WS 3, S3, 1 Attack, Ld 7) with the charger at M 4 from 6", the
#: charged unit Holding, both pursuing 2D6.
ROLLED_MOVEMENT, ROLLED_DISTANCE, ROLLED_MODELS, ROLLED_LD = 4, 6, 2, 7


def _dice_text(dice: list[int]) -> str:
    return " ".join(f"**{d}**" for d in dice) if dice else "none"


def roll_through_charge(rng: random.Random) -> tuple[list[str], str]:
    """One whole charge of the worked example, every die drawn from ``rng``: the lines that show each die, in
    order, and how the turn ended (one of fantasy.OUTCOMES). The scores each die needs are the engine's
    (the Charge roll's faces that reach, the melee chart, the wound chart)."""
    d6 = lambda n: [rng.randint(1, 6) for _ in range(n)]  # noqa: E731
    reach = next(s.hitting_faces for s in fantasy.charge_roll(fantasy.Mover(ROLLED_MOVEMENT), ROLLED_DISTANCE).steps
                 if s.kind == "roll")
    hit, wound = fantasy.melee_score(3, 3), fantasy.wound_score(3, 3)
    lines = []
    charge_dice = d6(2)
    kept = max(charge_dice)
    lines.append(f"**The Charge roll**: {_dice_text(charge_dice)}, keep the higher: {kept}; M {ROLLED_MOVEMENT} + "
                 f"{kept} = {ROLLED_MOVEMENT + kept}\" against {ROLLED_DISTANCE}\": "
                 + ("it reaches." if kept in reach else "short: the charge fails."))
    if kept not in reach:
        return lines, "failed"
    lines.append("**The reaction**: the charged unit Holds.")
    models = [ROLLED_MODELS, ROLLED_MODELS]  # the charger's, the charged's
    lost = [0, 0]
    for side, initiative in ((0, 6), (1, 3)):  # the charger at 3 + 3 for the charge, then the charged at 3
        enemy = 1 - side
        hits = d6(models[side])
        wounds = d6(sum(d >= hit for d in hits))
        kills = min(models[enemy], sum(d >= wound for d in wounds))
        models[enemy] -= kills
        lost[enemy] += kills
        lines.append(f"**Initiative {initiative}, the {('charger', 'charged unit')[side]}** ({len(hits)} attacks): "
                     f"to hit ({hit}+) {_dice_text(hits)}; to wound ({wound}+) {_dice_text(wounds)}: "
                     f"{count_text(kills, 'model')} slain (no saves).")
        if not models[enemy]:
            break
    if not models[1]:
        lines.append("The charged unit is wiped out.")
        return lines, "charged_destroyed"
    if not models[0]:
        lines.append("The charger is wiped out.")
        return lines, "charger_destroyed"
    # The combat result: +1 a Wound the enemy lost; two models make no rank, and there are no bonuses.
    scores = (lost[1], lost[0])
    lines.append(f"**Combat result**: the charger {scores[0]}, the charged unit {scores[1]}.")
    if scores[0] == scores[1]:
        lines.append("A draw: no Break test; the fight goes on.")
        return lines, "fight_goes_on"
    loser = 0 if scores[0] < scores[1] else 1
    name = ("charger", "charged")[loser]
    difference = abs(scores[0] - scores[1])
    test = d6(2)
    natural = sum(test)
    outnumbered = models[1 - loser] > 2 * models[loser]  # the winner's Unit Strength more than twice the loser's
    verdict = fantasy.break_result(natural, ROLLED_LD, difference, outnumbered)
    words = {"breaks": "it Breaks", "falls_back": "it Falls Back in Good Order", "gives_ground": "it Gives Ground"}
    lines.append(f"**Break test** of the {name} (lost by {difference}, Ld {ROLLED_LD}): {_dice_text(test)} = "
                 f"{natural}, + {difference} = {natural + difference}: {words[verdict]}.")
    if verdict == "gives_ground":
        lines.append("The winner follows up: the fight goes on.")
        return lines, "fight_goes_on"
    flight_dice = d6(2)
    flight = max(flight_dice) if verdict == "falls_back" else sum(flight_dice)
    pursuit_dice = d6(2)
    pursuit = sum(pursuit_dice)
    caught = pursuit >= flight
    how = "2D6 keep the higher" if verdict == "falls_back" else "2D6"
    lines.append(f"**The flight** ({how}): {_dice_text(flight_dice)} = {flight}\"; **the pursuit** (2D6): "
                 f"{_dice_text(pursuit_dice)} = {pursuit}\": " + ("caught." if caught else "it gets away."))
    if verdict == "breaks":
        return lines, f"{name}_destroyed" if caught else f"{name}_fled"
    return lines, "fight_goes_on" if caught else f"{name}_fell_back"


def _charge_rolled() -> None:
    """The worked whole charge, rolled with seeded dice (the seed is in the link: the same dice for everyone)."""
    st.subheader("A whole charge, rolled")
    st.markdown(f"The whole charge above (the rules' worked example: 2 models a side, M {ROLLED_MOVEMENT} from "
                f"{ROLLED_DISTANCE}\", the charged unit Holds, both pursue 2D6), every die rolled. The engine's "
                f"exact answer: the charged unit is destroyed with chance "
                f"{chance_text(_worked_charge().outcomes['charged_destroyed'])}.")
    a, b = st.columns([3, 1])
    seed = a.number_input("Seed", *BOUNDS["seed"], step=1, key=webui.key("learn", "seed"),
                          help="The same seed gives the same dice, so a shared link shows the same charge.")
    b.button("Roll again", key="learn_reroll_charge", help="The next seed: new dice.", on_click=next_seed)
    lines, outcome = roll_through_charge(random.Random(seed))
    st.markdown("\n".join(f"{i}. {line}" for i, line in enumerate(lines, start=1)))
    exact = _worked_charge().outcomes[outcome]
    st.markdown(f"**This time: {figures.CHARGE_OUTCOME_NAMES[outcome].lower()}**, which happens "
                f"{chance_text(exact)} of the time.")


def _worked_charge():
    two = fantasy.Side(fantasy.Target(3, models=ROLLED_MODELS), ws=3, initiative=3, leadership=ROLLED_LD,
                       rank_width=ROLLED_MODELS, fighting=ROLLED_MODELS, supporting=0, attacks=1,
                       weapon=fantasy.Weapon(3))
    return webui_cache.shared(fantasy.charge, two, two, ROLLED_DISTANCE, fantasy.Mover(ROLLED_MOVEMENT),
                        fantasy.Mover(ROLLED_MOVEMENT))
