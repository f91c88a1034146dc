"""Explore's "Which weapon is better?": two weapons (or whole units) at the same target, the models each
removes side by side."""

from typing import NamedTuple

import streamlit as st

import webui
import webui_cache
from hitrules import fantasy, ninth
from hitrules.presentation import figures
from hitrules.situations import compare, profiles
from hitrules.words import chance_text, mean_text, number_text, percent
from views import draw
from views.explore_inputs import BOUNDS, SKILLS, P, fit_fantasy, highest, ruleset_input, unit_picks
from views.helps import INPUT_HELP
from views.target import score_input


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
    row.number_input("Strength", 1, highest(ruleset, f"strength_{suffix}"), step=1,
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


def weapons_view(values: dict) -> None:
    """Two weapons against the same target: the models each removes, side by side."""
    unit_picks(values, shooting=True)
    ruleset = ruleset_input("Fantasy uses BS, armour, ward and Regeneration; 9th and 8th edition X+, saves and "
                            "Feel No Pain.")
    if ruleset == "fantasy":
        fit_fantasy(values, ("strength_a", "strength_b", "toughness", "wounds"))
    more = values["more"]
    for column, suffix in zip(st.columns(2, gap="large"), "ab", strict=True):
        with column:
            _weapon_inputs(suffix, ruleset, more)
    answer = webui_cache.shared(_weapons_answer, ruleset, tuple((name, values[name]) for name in _WEAPONS_READS))
    # The inputs under "More" that count, named in the target's heading while hidden (one element less).
    st.markdown("**Target**" + (f" :small[({answer.hidden})]" if answer.hidden and not more else ""))
    row = st.container(horizontal=True)
    row.number_input("Toughness", 1, highest(ruleset, "toughness"), step=1, key=webui.key("explore", "toughness"),
                     help="The target's Toughness, compared with each weapon's Strength to wound.")
    saves = _SAVES[ruleset]
    for name, label, kind in saves if more else saves[:1]:
        score_input(row, label, "explore", name, kind)
    row.number_input("Wounds per model", 1, highest(ruleset, "wounds"), step=1, key=webui.key("explore", "wounds"),
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
