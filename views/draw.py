"""Drawing shared by the views: the Why, the D6 faces, headline numbers, tables with CSV downloads."""

from functools import lru_cache
from pathlib import Path

import streamlit as st

import webui
from hitrules import situations
from hitrules.presentation import figures
from hitrules.steps import Step, anchor, reading
from hitrules.words import chance_text, number_text, short_fraction
from webui_cache import shared

#: What the page calls the stages after the hit when it cannot work them out.
AFTER_THE_HIT = "The attack after the hit (wounds, saves, models removed)"


def attempt(work, *args):
    """``(work(*args), None)``, or ``(None, why)`` when the engine refuses: each part of a page is
    worked out on its own, so that one part that cannot be computed never hides the rest."""
    try:
        return work(*args), None
    except ValueError as error:
        return None, str(error)


def refusal(what: str, why: str | None) -> None:
    """In the place of a part that could not be worked out, what it is and why, in the engine's words."""
    if why:
        st.warning(f"{what} cannot be worked out here: {why} The rest of the page stands.", icon=":material/block:")


def chart(key: str, what: str, build, *args) -> bool:
    """The figure ``build(*args)`` (shared by every user), or a warning in its place; whether it was drawn."""
    figure, why = attempt(shared, build, *args)
    if figure is None:
        refusal(what, why)
    else:
        st.plotly_chart(figure, key=key, config={"displayModeBar": False})
    return figure is not None


def why(title: str, steps: tuple[Step, ...], first: tuple[int, ...] | None,
        second: tuple[int, ...] | None = None, after: str = "") -> None:
    """The engine's steps, numbered as it worked them out, then the D6 faces that hit, then ``after``."""
    parts = [f"### {title}", numbered(steps)]
    if first is not None:
        parts += ["Natural rolls of the D6 that hit:", faces_row(first)]
    if second is not None:
        parts += ["…and the second D6, rolled after a 6:", faces_grid(first or (), second)]
    st.markdown("\n\n".join([*parts, after] if after else parts))


def section_link(section: str, words: str = "") -> str:
    """A link to a section of our reading of the rules on the Rules page, named by its heading (or ``words``)."""
    return f"[{words or section}](rules#{anchor(section)})"


def step_markdown(step: Step) -> str:
    """A step's text, with the section of docs/rules.md it names (its ``anchor``) made a link to that section on
    the Rules page, said as a player reads it: "our reading: the charge", never the file and its section sign."""
    if not step.anchor:
        return step.text
    section = _headings()[step.anchor]
    cited, link = reading(section), section_link(section, f"our reading: {section}")
    return step.text.replace(f"our reading: {cited}", link).replace(cited, link)


def numbered(steps: tuple[Step, ...], bold: int = 0) -> str:
    """The steps as a numbered Markdown list, their readings linked; step number ``bold`` in bold."""
    return "\n".join(f"{i}. **{step_markdown(s)}**" if i == bold else f"{i}. {step_markdown(s)}"
                     for i, s in enumerate(steps, start=1))


def faces_row(hitting: tuple[int, ...]) -> str:
    """The six faces of a D6, each marked hit or miss."""
    return " ".join(f":green-background[**{f}** ✓]" if f in hitting else f":red-background[{f} ✗]"
                    for f in range(1, 7))


def faces_grid(first: tuple[int, ...], second: tuple[int, ...]) -> str:
    """The 36 results of two D6 on the 7+ chart: first die down, second die across."""
    head = "| first \\ second | 1 | 2 | 3 | 4 | 5 | 6 |\n|---|---|---|---|---|---|---|\n"
    rows = []
    for a in range(1, 7):
        cells = ["✓ hit" if a in first and b in second else "·" for b in range(1, 7)]
        rows.append(f"| **{a}** | " + " | ".join(cells) + " |")
    return head + "\n".join(rows)


TABLE_HELP = "The chart's numbers as exact fractions, to read or to download as a CSV file for a spreadsheet."


def table_with_download(prefix: str, name: str, build, *args, always: bool = False,
                        label: str = "Download CSV") -> None:
    """The pandas table ``build(*args)``, shown on request (or always), with its CSV download
    ``hitrules-{name}.csv``, which is made only when the player asks for it."""
    if always or st.toggle("Show the table (and CSV download)", key=f"{prefix}_table", help=TABLE_HELP):
        table, why = attempt(shared, build, *args)
        if table is None:
            refusal("The table", why)
            return
        st.dataframe(table, hide_index=True)
        st.download_button(label, lambda: shared(build, *args).to_csv(index=False), file_name=f"hitrules-{name}.csv",
                           mime="text/csv", key=f"{prefix}_{name}_csv", on_click="ignore")


def _distribution_chart(sit, title: str):
    return figures.distribution_figure(situations.answer(sit).distribution, title)


def _distribution_table(sit):
    return figures.distribution_table(situations.answer(sit).distribution)


def show_distribution(prefix: str, sit, title: str) -> None:
    """The chart of exactly/at least k hits and, on request, the table with a CSV download."""
    if chart(f"{prefix}_chart", "The chart of hits", _distribution_chart, sit, title):  # its table, if it can be
        table_with_download(prefix, f"{prefix}-hits", _distribution_table, sit)


def _chain_chart(sit):
    return figures.chain_figure(situations.chain(sit), situations.expected_attacks(sit))


def _chain_table(sit):
    return figures.chain_table(situations.chain(sit), situations.expected_attacks(sit))


def _removed_chart(sit):
    return figures.distribution_figure(situations.chain(sit).models_removed, "Models removed", "models")


def _removed_table(sit):
    return figures.distribution_table(situations.chain(sit).models_removed, "models removed")


def mean_metric(label: str, mean, more: str = "") -> tuple[str, str, str]:
    """A headline number on average: rounded, and exact in its help."""
    short = short_fraction(mean)
    return label, number_text(mean), f"Exactly {short}{more}." if short else f"About {number_text(mean, 4)}{more}."


def chain_metrics(chain) -> tuple[tuple[str, str, str], ...]:
    """The headline numbers after the hit, beside "Hit chance", in the order of the attack (none
    when the stages after the hit are off or refused). Wounds lost are Wounds, not attacks."""
    if chain is None:
        return ()
    return (("Wound chance", chance_text(chain.wound_chance), "Per hit, exact and rounded."),
            ("Unsaved chance", chance_text(chain.unsaved_chance), "Per wound, exact and rounded."),
            mean_metric("Expected wounds lost", chain.wounds_lost.mean, ", in Wounds (a model's characteristic)"),
            mean_metric("Expected models removed", chain.models_removed.mean))


def show_chain(prefix: str, sit) -> None:
    """The whole attack: a funnel of the attacks that get through each stage, the models removed
    (exactly and at least k), and both tables with CSV downloads."""
    chart(f"{prefix}_chain_chart", "The funnel of the attack", _chain_chart, sit)
    chart(f"{prefix}_removed_chart", "The chart of models removed", _removed_chart, sit)
    if st.toggle("Show the tables (and CSV downloads)", key=f"{prefix}_chain_tables", help=TABLE_HELP):
        for name, build in (("stages", _chain_table), ("models-removed", _removed_table)):
            table_with_download(prefix, f"{prefix}-{name}", build, sit, always=True,
                                label=f"Download CSV: {name.replace('-', ' ')}")


def chance_metrics(*chances: tuple[str, object, str | None], first: tuple = ()) -> None:
    """Headline chances side by side (after the metrics ``first``): each as its percentage, with the exact
    fraction beside it when it is short (``words.chance_text``). A long fraction helps nobody in a headline
    or a sentence: it lives in the page's tables, the charts' hover and the CSV."""
    metrics_row(*first, *((label, chance_text(p), help) for label, p, help in chances))


def metrics_row(*metrics: tuple[str, str, str | None]) -> None:
    """The headline numbers side by side, wrapping onto more lines on a narrow phone."""
    with st.container(horizontal=True, gap="large"):
        for label, value, help in metrics:
            st.metric(label, value, help=help, width="content")


@lru_cache(maxsize=1)
def rules_document() -> tuple[str, tuple[tuple[str, str], ...]]:
    """docs/rules.md as its title and its sections, each a heading and its Markdown."""
    text = (Path(__file__).parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
    title, *sections = text.split("\n## ")
    return title.removeprefix("# ").strip(), tuple(tuple(s.split("\n", 1)) for s in sections)


@lru_cache(maxsize=1)
def _headings() -> dict[str, str]:
    """Each section heading of docs/rules.md by its anchor (a step names its reading by the anchor)."""
    return {anchor(h): h for h, _ in rules_document()[1]}


#: How the melee re-rolls read on a widget.
MELEE_REROLL_NAMES = {"none": "none", "ones": "re-roll 1s", "failed": "re-roll misses"}


def melee_inputs(prefix: str, bounds: dict, modifier: str) -> None:
    """One melee attack's hit roll (Explore's and Learn's): both WS, the to-hit modifier (``modifier`` names
    its parameter), the re-rolls and the target's forced re-roll of 6s."""
    row = st.container(horizontal=True)
    row.number_input("Your WS", *bounds["ws"], step=1, key=webui.key(prefix, "ws"), help="The attacker's Weapon Skill.")
    row.number_input("Target's WS", *bounds["target_ws"], step=1, key=webui.key(prefix, "target_ws"),
                     help="The Weapon Skill of the unit attacked.")
    row.number_input("To-hit modifier", *bounds[modifier], step=1, key=webui.key(prefix, modifier),
                     help="The sum of to-hit modifiers (a failed Fear test is -1); a natural 1 always misses and a "
                          "natural 6 always hits.")
    row.radio("Re-roll", tuple(MELEE_REROLL_NAMES), key=webui.key(prefix, "melee_reroll"), horizontal=True,
              format_func=MELEE_REROLL_NAMES.get,
              help="Re-roll natural 1s, or every miss (Hatred); a die is re-rolled at most once, and the re-roll "
                   "stands.")
    st.checkbox("The target forces 6s to be re-rolled", key=webui.key(prefix, "sixes"),
                help="A hitting natural 6 is rolled again and judged as any other die.")
