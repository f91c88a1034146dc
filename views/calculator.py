"""The calculator pages' one skeleton (/fantasy, /ninth): the headline numbers, the inputs beside the chart and
the Why, the links to Explore and Learn, the whole unit, and the link. Each page gives only what is its own."""

from collections.abc import Callable
from typing import NamedTuple

import streamlit as st

import webui
import webui_routes
from hitrules import situations
from views import draw
from views import unit as unit_view


class Calculator(NamedTuple):
    """What a calculator page brings to the skeleton: its name, link parameters and help; how its values make a
    situation; and, given its answer, the headline numbers (with what goes above and below them), the inputs,
    the picture over the chart, the chart of hits' title, the Whys of the hit roll, the whole unit and the link."""

    page: str
    params: tuple
    help: str
    make: Callable
    headline: Callable  # answer -> (the hit chance, the roll needed, expected hits): metrics
    inputs: Callable  # (values, answer) -> None: draws the page's inputs
    hits_title: Callable  # answer -> the title of the chart of hits
    whys: Callable  # answer -> ((title, steps, faces), ...): the Why of the hit roll
    unit: Callable  # (values, sit) -> the whole unit's answer and problems, for unit_view.whole_unit
    link: Callable  # (values, sit) -> the link's values
    above: Callable = lambda answer: None  # drawn above the headline numbers
    below: Callable = lambda answer: None  # drawn below them
    picture: Callable = lambda answer: None  # drawn over the chart


def render(calc: Calculator) -> None:
    """The page: its answer first, then the inputs beside the chart and the Why, then the whole unit."""
    values = webui.start_page(calc.page, calc.params, webui_routes.TITLES[calc.page], calc.help)
    sit, answer, whole = webui.situation(calc.make, values)
    chain, refused = draw.attempt(situations.chain, sit) if answer else (None, None)
    if answer:
        calc.above(answer)
        draw.metrics_row(*calc.headline(answer), *draw.chain_metrics(chain))
        draw.refusal(draw.AFTER_THE_HIT, refused)
        calc.below(answer)

    inputs, details = st.columns([1, 1.4], gap="large")
    with inputs:
        calc.inputs(values, answer)
    if answer:
        with details:
            calc.picture(answer)
            if chain:  # its funnel has the hits; the chart of hits is the page without it
                draw.show_chain(calc.page, sit)
            else:
                draw.show_distribution(calc.page, sit, calc.hits_title(answer))
            for title, steps, faces in calc.whys(answer):  # the Why in the order of the attack: the hit, then after
                draw.why(title, steps, *faces)
            if chain:
                draw.why("Why: after the hit", chain.steps, None)
        webui_routes.situation_links(sit)
        if chain:
            unit_view.whole_unit(calc.page, *calc.unit(values, sit))
    webui.write_link(calc.params, values, calc.link(values, sit) if whole else None)
