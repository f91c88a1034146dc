"""Our reading of the rules: docs/rules.md, one section under each heading, so the explanations'
links (``rules#8th-edition-variant-and-the-leman-russ``) land on their section."""

import streamlit as st

import webui_routes
from hitrules.steps import anchor
from views import draw


def render() -> None:
    webui_routes.require_router("rules")
    title, sections = draw.rules_document()
    st.title(title, help="The project's reading of the two rules texts, and where it had to choose.")
    for heading, body in sections:
        st.header(heading, anchor=anchor(heading))
        st.markdown(body)
