"""Explore: the whole landscape of hit chances, one view at a time, each with its table."""

from typing import NamedTuple

import streamlit as st

import webui
import webui_cache
from hitrules import fantasy, ninth
from hitrules.edge import urlstate
from hitrules.presentation import figures
from hitrules.situations import combat as combat_situations
from hitrules.situations import compare, pick, profiles
from hitrules.words import chance_text, count_text, mean_text, number_text, percent
from views import draw, unit_pick
from views.helps import INPUT_HELP
from views.target import fit_ruleset, score_input

P = "explore"
BOUNDS = urlstate.bounds(urlstate.EXPLORE)
SKILLS = range(BOUNDS["skill"][0], BOUNDS["skill"][1] + 1)
HELP = ("Every BS and modifier at once. Hover a chart for exact fractions; each view has a table "
        "and a CSV download.")
VIEW_NAMES = {"heatmap": "Heatmap", "stacks": "Modifier stacks", "diff": "Rule sets side by side",
              "helps": "Which helps more?", "shots": "How many shots?", "wound": "Wound chart",
              "weapons": "Which weapon is better?", "melee": "Melee: WS chart", "kill": "Attacks to kill",
              "charge": "How far can I charge?"}
SHORT_RULESET_NAMES = {"fantasy": "Fantasy", "ninth": "9th edition", "eighth": "8th edition"}


def render() -> None:
    values = webui.start_page(P, urlstate.EXPLORE, "Explore", HELP)
    view = st.segmented_control("View", urlstate.EXPLORE_VIEWS, key=webui.key("explore", "view"),
                                format_func=VIEW_NAMES.get,
                                required=True, help="One view at a time keeps the page quick on a phone.")
    VIEWS[view](values)  # a view may change values (Explore's stacks)
    webui.write_link(urlstate.EXPLORE, values)


def _situation() -> str:
    """Rule set, skill and modifier: the cell of the user's own situation."""
    row = st.container(horizontal=True)
    ruleset = _ruleset("Fantasy uses BS 1-10; 9th and 8th X+.", row, compare.RULESET_NAMES)
    if ruleset == "fantasy":
        row.number_input("BS", *BOUNDS["bs"], step=1, key=webui.key("explore", "bs"),
                         help="Your shooter's Ballistic Skill.")
    else:
        row.selectbox("Skill", SKILLS, key=webui.key("explore", "skill"), format_func=lambda x: f"{x}+",
                      help="The X of X+.")
    row.number_input("Net modifier", *BOUNDS["mod"], step=1, key=webui.key("explore", "mod"),
                   help="The sum of your modifiers (9th edition then caps it at ±1).")
    return ruleset


def _cell(values: dict, ruleset: str) -> tuple[int, int, str]:
    """The player's own skill and net modifier, and the words for them."""
    skill, mod = values["bs"] if ruleset == "fantasy" else values["skill"], values["mod"]
    return skill, mod, f"Your situation, {figures.skill_label(ruleset, skill)} with a net modifier of {mod:+d}"


def _heatmap(values: dict) -> None:
    """Hit chance for every skill and net modifier, with the user's cell outlined (or, off the chart,
    the column that gives the same answer)."""
    ruleset = _situation()
    skill, mod, yours = _cell(values, ruleset)
    column = compare.grid_column(ruleset, skill, mod)
    draw.chart("explore_heatmap", "The heatmap", figures.heatmap_figure, ruleset,
               None if column is None else (skill, column))
    st.markdown(f"{yours}: **{chance_text(compare.chance(ruleset, skill, mod))}** per shot.")
    _, mods = compare.grid_axes(ruleset)
    if column == mod:
        where = "The outlined cell is your situation."
    elif column is not None:
        where = (f"The chart's columns run from {mods[0]:+d} to {mods[-1]:+d}: the outlined cell, {column:+d}, "
                 f"gives the same answer as your {mod:+d}.")
    else:
        where = (f"Your modifier, {mod:+d}, is off the chart (its columns run from {mods[0]:+d} to "
                 f"{mods[-1]:+d}), so no cell is outlined.")
    st.caption(f"{where} Fantasy: '6→4+' cells need a 6 and then 4+ "
               "(the 7+ chart), '—' cells are impossible (10+). 9th edition: columns past ±1 are "
               "capped, so they repeat the ±1 column.")
    draw.table_with_download(P, f"grid-{ruleset}", figures.grid_table, ruleset)


def _stacks(values: dict) -> None:
    """Fantasy modifier stacks side by side, and a waterfall for one of them."""
    st.caption("Stacks use the fantasy shooting modifiers. Build one, add it, and compare.")
    new = st.multiselect("New stack", tuple(compare.FANTASY_STACK_TOKENS), key="explore_new_stack",
                         format_func=compare.FANTASY_STACK_TOKENS.get, max_selections=compare.MAX_STACK_SIZE,
                         help="Pick the modifiers that apply together, then add the stack.")
    a, b = st.columns(2)
    stacks = values["stacks"]
    if a.button("Add this stack", disabled=not new or len(stacks) >= compare.MAX_STACKS,
                key="explore_add_stack", help=f"Up to {compare.MAX_STACKS} stacks; each becomes a line."):
        stacks = (*stacks, tuple(new))
    if b.button("Remove the last stack", disabled=not stacks, key="explore_drop_stack",
                help="Takes the newest stack off the chart."):
        stacks = stacks[:-1]
    values["stacks"] = stacks
    if stacks:
        draw.chart("explore_stacks", "The chart of the stacks", figures.stacks_figure, stacks)
        a, b = st.columns(2)
        pick = a.selectbox("Waterfall for", range(len(stacks)), key="explore_stack_pick",
                           format_func=lambda i: figures.stack_name(stacks[i]),
                           help="The waterfall shows how this stack moves the score needed.")
        bs = b.number_input("BS", *BOUNDS["bs"], step=1, key=webui.key("explore", "bs"),
                            help="The shooter's Ballistic Skill.")
        stack = stacks[min(pick, len(stacks) - 1)]
        draw.chart("explore_waterfall", "The waterfall", figures.waterfall_figure, bs, stack)
        draw.table_with_download(P, "stacks", figures.stacks_table, stacks)
    else:
        st.info("No stacks yet: pick some modifiers above and add a stack.")


def _diff(values: dict) -> None:
    """The same base score and modifiers under each rule set."""
    st.caption("The same base score and modifiers under each rule set: fantasy BS 7 - X, and X+ in "
               "8th and 9th edition.")
    base = st.selectbox("Base score", SKILLS, key=webui.key("explore", "skill"), format_func=lambda x: f"{x}+",
                        help="Fantasy BS 3 and 9th-edition BS 4+ both start at 4+.")
    draw.chart("explore_diff", "The chart of the rule sets", figures.diff_figure, base)
    draw.table_with_download(P, f"diff-{base}", figures.diff_table, base, always=True)


def _helps(values: dict) -> None:
    """Which helps more: +1 to hit or a re-roll."""
    a, b = st.columns(2)
    edition = a.radio("Edition", ninth.EDITIONS, horizontal=True, key=webui.key("explore", "edition"),
                      format_func=lambda e: f"{e}th", help="Re-rolls are a 9th and 8th edition idea.")
    mod = b.number_input("Net modifier", *BOUNDS["mod"], step=1, key=webui.key("explore", "mod"),
                         help="9th edition caps it at ±1 before +1 to hit is added.")
    draw.chart("explore_helps", "The chart of what helps more", figures.helps_figure, mod, edition)
    draw.table_with_download(P, f"helps-{edition}-{mod}", figures.helps_table, mod, edition)


def _shots(values: dict) -> None:
    """How many shots give at least so many hits with a given chance."""
    ruleset = _situation()
    a, b = st.columns(2)
    a.number_input("Hits wanted (at least)", *BOUNDS["hits"], step=1, key=webui.key("explore", "hits"),
                   help="How many hits you need, at least.")
    b.slider("With this chance (%)", *BOUNDS["confidence"], key=webui.key("explore", "confidence"),
             help="How sure you want to be of getting them.")
    skill, mod, yours = _cell(values, ruleset)
    args = (ruleset, mod, values["hits"], values["confidence"])
    if not draw.chart("explore_shots", "The chart of shots", figures.shots_figure, *args, skill):
        return
    hits, label = values["hits"], figures.skill_label(ruleset, skill)
    # the chart's own row
    _, p, n = next(row for row in webui_cache.shared(figures.shots_rows, *args) if row[0] == label)
    needed = "**more than 1000 shots**" if n is None else f"**{count_text(n, 'shot')}**"
    said = "no shot can hit, so no number of shots" if not p else f"each shot hits with {chance_text(p)}: {needed}"
    st.markdown(f"{yours}: {said} for at least {count_text(hits, 'hit')} with {values['confidence']}% "
                "chance (your bar is the orange one).")
    draw.table_with_download(P, "shots", figures.shots_table, *args)


#: The largest value fantasy takes for inputs that go higher in 9th and 8th edition.
FANTASY_MOST = {"strength": fantasy.STRENGTH_RANGE[1], "toughness": fantasy.TOUGHNESS_RANGE[1],
                "strength_a": fantasy.STRENGTH_RANGE[1], "strength_b": fantasy.STRENGTH_RANGE[1],
                "wounds": fantasy.WOUNDS_RANGE[1]}
NAMES = {"strength": "Strength", "toughness": "Toughness", "strength_a": "A's Strength",
         "strength_b": "B's Strength", "wounds": "Wounds per model"}


def _fit_fantasy(values: dict, names: tuple[str, ...]) -> None:
    """Fantasy's widgets for ``names`` take only fantasy's values (:func:`views.target.fit_ruleset`)."""
    fit_ruleset(P, values, "Fantasy", {name: FANTASY_MOST[name] for name in names}, NAMES)


def _most(ruleset: str, name: str) -> int:
    return FANTASY_MOST[name] if ruleset == "fantasy" else BOUNDS[name][1]


def _ruleset(help: str, where=st, names: dict = SHORT_RULESET_NAMES) -> str:
    """The view's rule set: one widget for every view, its choices named by ``names``."""
    return where.selectbox("Rule set", compare.RULESETS, key=webui.key("explore", "ruleset"), format_func=names.get,
                           help=help)


def _wound(values: dict) -> None:
    """The chance one hit wounds for every Strength and Toughness, with the player's cell outlined."""
    ruleset = _ruleset("Fantasy: Strength and Toughness 1-10. 9th and 8th edition: 1-20.")
    if ruleset == "fantasy":
        _fit_fantasy(values, ("strength", "toughness"))
    row = st.container(horizontal=True)
    row.number_input("Strength", 1, _most(ruleset, "strength"), step=1, key=webui.key("explore", "strength"),
                     help="The weapon's Strength.")
    row.number_input("Toughness", 1, _most(ruleset, "toughness"), step=1, key=webui.key("explore", "toughness"),
                     help="The target's Toughness.")
    row.number_input("Wound modifier", *BOUNDS["wound_mod"], step=1, key=webui.key("explore", "wound_mod"),
                     help="Added to the wound roll (positive helps). 9th edition caps the sum at ±1.")
    cell, mod = (values["strength"], values["toughness"]), values["wound_mod"]
    draw.chart("explore_wound", "The wound chart", figures.wound_figure, ruleset, mod, cell)
    roll, chance = compare.wound_cell(ruleset, *cell, mod)
    st.markdown(f"Your cell, Strength {cell[0]} against Toughness {cell[1]}"
                + (f" with a wound modifier of {mod:+d}" if mod else "") + f": **{roll}**, "
                f"**{chance_text(chance)}** per hit.")
    st.caption("The outlined cell is yours. Fantasy: 'too tough' cells cannot be wounded at all (S - T is -6 or "
               "less). '—' cells cannot be wounded either: the modifier pushes the score past 6 (never in 9th "
               "edition, where an unmodified 6 always wounds).")
    draw.table_with_download(P, f"wound-{ruleset}", figures.wound_table, ruleset, mod)


def _shooter(values: dict, suffix: str, ruleset: str) -> compare.Shooter:
    count, strength, ap, damage = (values[f"{n}_{suffix}"] for n in ("attacks", "strength", "ap", "damage"))
    if ruleset == "fantasy":
        return fantasy.Shot(values[f"bs_{suffix}"]), count, fantasy.Weapon(strength, ap, damage)
    attack = ninth.Attack(values[f"skill_{suffix}"], edition=compare.EDITION[ruleset])
    return attack, count, ninth.Weapon(strength, ap, damage)


def _added(values: dict, suffix: str, ruleset: str) -> tuple[tuple, tuple[str, ...]]:
    """The weapons added to weapon A or B (a whole unit), and a problem for each bad one, left out."""
    return profiles.read_rows("fantasy" if ruleset == "fantasy" else "ninth", values[f"more_{suffix}"])


def _target(values: dict, ruleset: str) -> ninth.Target | fantasy.Target:
    if ruleset == "fantasy":
        return fantasy.Target(values["toughness"], values["save"], values["ward"], values["regen"], values["wounds"],
                              values["models"])
    return ninth.Target(values["toughness"], values["save"], values["invuln"], values["light_cover"], values["fnp"],
                        values["wounds"], values["models"])


def _weapon_inputs(suffix: str, ruleset: str, more: bool) -> None:
    """One weapon's inputs in one row, which wraps on a phone (one container: cheaper than columns),
    and with ``more``, the weapons added to its unit."""
    st.markdown(f"**Weapon {suffix.upper()}**")
    row = st.container(horizontal=True)
    if ruleset == "fantasy":
        row.text_input("Shots", key=webui.key("explore", f"attacks_{suffix}"),
                       help="A number or dice: 10, D6, 2D6, D6+1.")
        row.number_input("BS", *BOUNDS[f"bs_{suffix}"], step=1, key=webui.key("explore", f"bs_{suffix}"),
                         help="Ballistic Skill; the shot has no other modifiers.")
    else:
        row.text_input("Attacks", key=webui.key("explore", f"attacks_{suffix}"),
                       help="A number or dice: 10, D6, 2D6, D6+1.")
        row.selectbox("Skill", SKILLS, key=webui.key("explore", f"skill_{suffix}"), format_func=lambda x: f"{x}+",
                      help="BS or WS: the X of X+.")
    row.number_input("Strength", 1, _most(ruleset, f"strength_{suffix}"), step=1,
                     key=webui.key("explore", f"strength_{suffix}"), help="The weapon's Strength.")
    row.number_input("AP", *BOUNDS[f"ap_{suffix}"], step=1, key=webui.key("explore", f"ap_{suffix}"),
                     help=INPUT_HELP["ap"])
    if ruleset == "fantasy":
        row.text_input("Multiple Wounds", key=webui.key("explore", f"damage_{suffix}"),
                       help=INPUT_HELP["mw"])
    else:
        row.text_input("Damage", key=webui.key("explore", f"damage_{suffix}"),
                       help="A number or dice: 1, D3, D6, D3+3, 2D6.")
    if not more:
        return
    cells = ("name:shots:BS:S:AP:Multiple Wounds" if ruleset == "fantasy" else "name:attacks:skill:S:AP:Damage")
    st.text_input("More weapons in its unit", key=webui.key("explore", f"more_{suffix}"), max_chars=400,
                  placeholder=f"e.g. {cells}; another",
                  help=f"Fire a whole unit: each weapon as {cells} and the cells after (as a calculator's link "
                       "writes its rows), separated by ;. Each row uses only what it says. The "
                       "unit's damage carries from one weapon to the next.")


def _weapons(values: dict) -> None:
    """Two weapons against the same target: the models each removes, side by side."""
    _picks(values, shooting=True)
    ruleset = _ruleset("Fantasy uses BS, armour, ward and Regeneration; 9th and 8th edition X+, saves and "
                       "Feel No Pain.")
    if ruleset == "fantasy":
        _fit_fantasy(values, ("strength_a", "strength_b", "toughness", "wounds"))
    more = values["more"]
    for column, suffix in zip(st.columns(2, gap="large"), "ab", strict=True):
        with column:
            _weapon_inputs(suffix, ruleset, more)
    answer = webui_cache.shared(_weapons_answer, ruleset, tuple((name, values[name]) for name in _WEAPONS_READS))
    # The inputs under "More" that count, named in the target's heading while hidden (one element less).
    st.markdown("**Target**" + (f" :small[({answer.hidden})]" if answer.hidden and not more else ""))
    row = st.container(horizontal=True)
    row.number_input("Toughness", 1, _most(ruleset, "toughness"), step=1, key=webui.key("explore", "toughness"),
                     help="The target's Toughness, compared with each weapon's Strength to wound.")
    saves = _SAVES[ruleset]
    for name, label, kind in saves if more else saves[:1]:
        score_input(row, label, "explore", name, kind)
    row.number_input("Wounds per model", 1, _most(ruleset, "wounds"), step=1, key=webui.key("explore", "wounds"),
                     help="Damage goes into one model until it is removed; the excess is lost.")
    row.number_input("Models", *BOUNDS["models"], step=1, key=webui.key("explore", "models"),
                     help="The target unit's models, each with the wounds above.")
    if ruleset != "fantasy" and more:
        row.checkbox("Light cover", key=webui.key("explore", "light_cover"),
                     help="+1 to the armour save (not the invulnerable).")
    # One toggle for the inputs most comparisons leave alone: every widget drawn costs time on every rerun.
    cover = "" if ruleset == "fantasy" else ", Light cover"
    st.toggle("More: other saves, whole units", key=webui.key("explore", "more"),
              help=f"The target's {' and '.join(label for _, label, _ in saves[1:])}{cover}, and more weapons in "
                   "each weapon's unit. They count whether shown or not; hidden, the target's heading names them.")
    if answer.refused is not None:
        draw.refusal("The target", answer.refused)
        return
    for suffix, problems in zip("ab", answer.problems, strict=True):
        for problem in problems:
            st.warning(f"Weapon {suffix.upper()}'s unit: {problem}", icon=":material/warning:")
    if answer.duel is None:  # each weapon on its own: one refused keeps the other
        for letter, (metric, why) in zip("AB", answer.alone, strict=True):
            if metric is None:
                draw.refusal(f"Weapon {letter}", why)
            else:
                draw.metrics_row(metric)
        return
    draw.metrics_row(*answer.metrics)
    st.markdown(answer.verdict)
    draw.chart("explore_weapons", "The chart of models removed", figures.weapons_figure, answer.duel)
    st.caption(answer.stages)
    draw.table_with_download(P, f"weapons-{ruleset}", figures.weapons_table, answer.duel)


#: "Which weapon is better?"'s target saves in each rule set (value, label, widget kind); the first is
#: always shown, the others under "More".
_SAVES = {"fantasy": (("save", "Armour", "armour"), ("ward", "Ward save", "ward"), ("regen", "Regeneration", "regen")),
          "ninth": (("save", "Save", "sv"), ("invuln", "Invulnerable save", "invuln"), ("fnp", "Feel No Pain", "fnp"))}
_SAVES["eighth"] = _SAVES["ninth"]


def _hidden_summary(values: dict, ruleset: str, added) -> str:
    """The inputs under "More" that change anything, in one line (the other saves, the weapons added)."""
    parts = [f"{label} {values[name]}+" for name, label, _ in _SAVES[ruleset][1:] if values[name] is not None]
    if ruleset != "fantasy" and values["light_cover"]:
        parts.append("in Light cover")
    for suffix, (rows, _) in zip("ab", added, strict=True):
        if rows:
            names = ", ".join(row[0] or f"added weapon {n}" for n, row in enumerate(rows, start=1))
            parts.append(f"weapon {suffix.upper()}'s unit also fires {names}")
    return f"also counted, under More: {'; '.join(parts)}" if parts else ""


#: The values "which weapon is better?" works out its answer from: each weapon's and the target's.
_WEAPONS_READS = (*(f"{name}_{suffix}" for suffix in "ab"
                    for name in ("attacks", "bs", "skill", "strength", "ap", "damage", "more")),
                  "toughness", "save", "ward", "regen", "invuln", "light_cover", "fnp", "wounds", "models")


class _WeaponsAnswer(NamedTuple):
    """What "which weapon is better?" shows below its inputs, worked out once for every player
    (``webui_cache.shared``): a refused target, or each unit's problems, then both weapons (``duel``, the
    headline numbers, the verdict and the stages in words) or each on its own (its headline
    number, or why the engine refused it)."""

    refused: str | None
    problems: tuple[tuple[str, ...], ...] = ()
    alone: tuple[tuple[tuple[str, str, str] | None, str | None], ...] = ()
    duel: compare.WeaponDuel | None = None
    metrics: tuple[tuple[str, str, str], ...] = ()
    verdict: str = ""
    stages: str = ""
    hidden: str = ""  # the inputs under "More" that count, in one line


def _weapons_answer(ruleset: str, reads: tuple[tuple[str, object], ...]) -> _WeaponsAnswer:
    """The weapons view's answer for ``ruleset`` and the values it reads (``_WEAPONS_READS``), each
    refusal in the engine's words. Worked out once and kept, so a rerun (or a refusal) costs no
    engine work and no text is formatted again."""
    values = dict(reads)
    added = [_added(values, suffix, ruleset) for suffix in "ab"]
    hidden = _hidden_summary(values, ruleset, added)
    target, refused = draw.attempt(_target, values, ruleset)
    if target is None:
        return _WeaponsAnswer(refused, hidden=hidden)
    shooters = [draw.attempt(_shooter, values, suffix, ruleset) for suffix in "ab"]
    outcomes = [draw.attempt(webui_cache.shared, compare.unit_outcome, shooter, rows, target) if shooter
                else (None, why)
                for (shooter, why), (rows, _) in zip(shooters, added, strict=True)]
    problems = tuple(unit_problems for _, unit_problems in added)
    if not all(outcome for outcome, _ in outcomes):
        alone = tuple((None if outcome is None else _removed_metric(letter, outcome.models_removed.mean, values), why)
                      for letter, (outcome, why) in zip("AB", outcomes, strict=True))
        return _WeaponsAnswer(None, problems, alone, hidden=hidden)
    duel = compare.duel_of(tuple(shooter for shooter, _ in shooters), [outcome for outcome, _ in outcomes])
    stages = " ".join(f"{letter} ({name}): hits {chance_text(hit)}, wounds {chance_text(wound)} per hit, "
                      f"{chance_text(unsaved)} of wounds go unsaved."
                      for letter, name, (hit, wound, unsaved) in zip("AB", duel.names, duel.stages, strict=True))
    metrics = tuple(_removed_metric(letter, mean, values) for letter, mean in zip("AB", duel.means, strict=True))
    return _WeaponsAnswer(None, problems, (), duel, metrics, _verdict(duel), stages, hidden)


def _removed_metric(letter: str, mean, values: dict) -> tuple[str, str, str]:
    return draw.mean_metric(f"{letter}: models removed on average", mean, f" of the {values['models']} models")


def _verdict(duel: compare.WeaponDuel) -> str:
    """Which weapon removes more models on average, and by how much, in words."""
    means = duel.means
    first = " ".join(f"{letter} {chance_text(removed.at_least(1))}." for letter, removed in zip("AB", duel.removed,
                                                                                                strict=True))
    at_least_one = f"Chance to remove at least one model: {first}"
    if duel.better is None:
        return f"Both remove the same on average: {number_text(means[0])} models. {at_least_one}"
    win, lose = duel.better, 1 - duel.better
    more = means[win] - means[lose]
    share = f" ({percent(more / means[lose])} more)" if means[lose] else ""
    return (f"**Weapon {'AB'[win]} is better** against this target: it removes "
            f"{mean_text(more)} more models on average{share}. "
            f"{at_least_one}")


def _melee(values: dict) -> None:
    """The melee hit chance for every pair of Weapon Skills, with the player's cell outlined."""
    _picks(values, shooting=False)
    draw.melee_inputs(P, BOUNDS, "mod")
    args = (values["mod"], values["melee_reroll"], values["sixes"])
    cell = (values["ws"], values["target_ws"])
    st.plotly_chart(webui_cache.shared(figures.melee_heatmap_figure, *args, cell), key="explore_melee",
                    config={"displayModeBar": False})
    chance = fantasy.melee_hit_chance(*cell, *args)
    st.markdown(f"Your cell, WS {cell[0]} against WS {cell[1]}: **{fantasy.melee_score(*cell)}+** on the chart, "
                f"**{chance_text(chance)}** an attack with your modifier and re-rolls.")
    st.caption("Each cell is the chart's score and the exact chance. The chart: 2+ against a WS less than half "
               "yours, 3+ against a lower WS, 4+ up to twice yours, 5+ beyond. There is no 7+ in combat.")
    draw.table_with_download(P, "melee-grid", figures.melee_grid_table, *args)


def _kill(values: dict) -> None:
    """The fewest melee attacks that kill at least k models of a unit with the chance wanted."""
    _picks(values, shooting=False)
    _fit_fantasy(values, ("strength", "toughness", "wounds"))
    draw.melee_inputs(P, BOUNDS, "mod")
    row = st.container(horizontal=True)
    row.number_input("Strength", 1, FANTASY_MOST["strength"], step=1, key=webui.key(P, "strength"),
                     help="The attacker's Strength.")
    row.number_input("Toughness", 1, FANTASY_MOST["toughness"], step=1, key=webui.key(P, "toughness"),
                     help="The target's Toughness.")
    for name, label, kind in (("save", "Armour", "armour"), ("ward", "Ward save", "ward"),
                              ("regen", "Regeneration", "regen")):
        score_input(row, label, P, name, kind)
    row.number_input("Wounds per model", 1, FANTASY_MOST["wounds"], step=1, key=webui.key(P, "wounds"),
                     help="Wounds of each target model.")
    row.number_input("Models", *BOUNDS["models"], step=1, key=webui.key(P, "models"), help="The target unit's models.")
    row.number_input("Models to kill", *BOUNDS["kills"], step=1, key=webui.key(P, "kills"),
                     help="How many models you want to remove, at least.")
    row.slider("With this chance (%)", *BOUNDS["confidence"], key=webui.key(P, "confidence"),
               help="How sure you want to be of killing them.")
    try:
        question = combat_situations.KillQuestion(
            fantasy.Fighters(1, values["ws"], fantasy.Weapon(values["strength"]), 1, values["mod"],
                             values["melee_reroll"]),
            fantasy.Target(values["toughness"], values["save"], values["ward"], values["regen"], values["wounds"],
                           values["models"]), values["target_ws"], values["sixes"], values["kills"],
            values["confidence"])
        needed, removed = combat_situations.attacks_to_kill(question)
    except ValueError as error:
        st.error(f"{error} Change the settings above to go on.", icon=":material/block:")
        return
    kills = values["kills"]
    if needed is None:
        st.markdown(f"Even **{combat_situations.MOST_ATTACKS_TO_KILL} attacks** do not kill {kills} with "
                    f"{values['confidence']}% chance: they do with {chance_text(removed.at_least(kills))}.")
    else:
        st.markdown(f"You need **{needed} attacks** to kill at least {kills} model{'s' if kills > 1 else ''} with "
                    f"{values['confidence']}% chance or more: they do with {chance_text(removed.at_least(kills))}.")
    st.plotly_chart(webui_cache.shared(figures.distribution_figure, removed, f"Models killed by {needed or 'the most'} "
                                 "attacks", "models"), key="explore_kill", config={"displayModeBar": False})
    draw.table_with_download(P, "kill", figures.distribution_table, removed, "models removed")


def _charge(values: dict) -> None:
    """How far can I charge? The chance the Charge roll reaches each distance, one line per Movement."""
    row = st.container(horizontal=True)
    row.number_input("Your Movement", *BOUNDS["movement"], step=1, key=webui.key(P, "movement"),
                     help="Your unit's Movement (a flier: its Fly value). Its line is the thick one.")
    row.number_input("Distance (inches)", *BOUNDS["distance"], step=1, key=webui.key(P, "distance"),
                     help="How far the enemy is, in whole inches.")
    row.toggle("Swiftstride", key=webui.key(P, "swiftstride"), help="+ D6 to the charge range, never discarded.")
    row.toggle("Terrain on the path", key=webui.key(P, "terrain"),
               help="Difficult or dangerous terrain, or a low obstacle: keep the lower die, and M - 1.")
    movement, distance, swift, terrain = (values[k] for k in ("movement", "distance", "swiftstride", "terrain"))
    draw.chart("explore_charge", "The chart of charge ranges", figures.charge_reach_figure, swift, terrain, movement)
    mover = fantasy.Mover(movement, swiftstride=swift)
    most = fantasy.max_charge_range(mover)
    if distance > most:
        st.markdown(f"From {distance}\" a unit of M {movement} cannot declare a charge: its maximum possible charge "
                    f"range is **{most}\"** (M + 6{' + 3 with Swiftstride' if swift else ''}).")
    else:
        reach = fantasy.charge_range(mover, terrain).at_least(distance)
        st.markdown(f"M {movement} from {distance}\": the charge reaches with **{chance_text(reach)}**.")
    st.caption("The Charge roll is 2D6, keep the higher: a kept 6 comes from 11 of the 36 rolls and a 1 from 1, so "
               "the lines fall slowly at first. A charge reaches when its range is at least the distance (our "
               "reading: [the charge](rules#fantasy-the-charge)). Beyond M + 6 (+ 3 with "
               "Swiftstride) a charge cannot be declared, though a Swiftstride roll can go farther.")
    draw.table_with_download(P, f"charge-{int(swift)}{int(terrain)}", figures.charge_reach_table, swift, terrain)


VIEWS = {"heatmap": _heatmap, "stacks": _stacks, "diff": _diff, "helps": _helps, "shots": _shots,
         "wound": _wound, "weapons": _weapons, "melee": _melee, "kill": _kill, "charge": _charge}


#: Each pick of Explore: its parameter, what the unit is in the view and its toggle's label (one line: at most 36
#: characters), shooting ("which weapon is better") and in melee.
_PICKS = (("unit", {True: ("weapon A's unit", "Pick A's unit from the army lists"),
                    False: ("the attacker", "Pick an attacker from the army lists")}),
          ("target_unit", {s: ("the target", "Pick the target from the army lists") for s in (True, False)}))


def _picks(values: dict, shooting: bool) -> None:
    """A unit picked from the army lists for each side (the attacker, or weapon A's unit; the target): its line,
    and a toggle for its pick. It fills this view's inputs (``urlstate.explore_values``); every value stays editable."""
    with st.expander("Units from the army lists", expanded=bool(values["unit"] or values["target_unit"])):
        for name, labels in _PICKS:
            what, label = labels[shooting]
            if (ref := values[name]) and (line := unit_pick.picked_line(ref, what, _unused(values, name, shooting))):
                st.markdown(line)
            key = f"{P}_pick_{name}_"
            if st.toggle(label, key=f"{key}on",
                         help="Army, then unit, its equipment and models: fills this view's inputs of "
                              f"{what} (its profile, weapon and armour). Change anything after."):
                unit_pick.pick_inputs(key, lambda ref, n=name: _use(n, ref, shooting), BOUNDS["models"],
                                      lambda unit: max(unit.minimum, 20 if unit.troop_type in pick.RANKED else 1),
                                      offer=("equipment", "options") if name == "unit"
                                      else ("equipment", "armour", "mount", "options"))


def _unused(values: dict, name: str, shooting: bool) -> tuple[str, ...]:
    stored = st.session_state.get(f"_{P}_{name}_unused")
    if stored and stored[:2] == (values[name], shooting):
        return stored[2]
    try:
        return urlstate.explore_pick(name, values[name], shooting)[1]
    except ValueError:
        return ()


def _use(name: str, ref: str, shooting: bool) -> None:
    """Put the unit picked as ``name`` into this view's inputs (a widget's callback)."""
    state = st.session_state
    values, unused = urlstate.explore_values(name, pick.find(ref), unit_pick.choices(f"{P}_pick_{name}_", ref),
                                             shooting)
    webui.apply_values(P, urlstate.EXPLORE, {**state[f"_{P}_values"], **values, name: ref})
    state[f"_{P}_{name}_unused"] = (ref, shooting, unused)
    state[f"{P}_pick_{name}_on"] = False
