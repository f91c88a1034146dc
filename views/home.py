"""The landing page: what hitrules answers, and where to go."""

import streamlit as st

from webui_routes import pages, require_router


def render() -> None:
    require_router("home")
    st.title("hitrules")
    st.markdown(
        "**What do I need, and how likely is it?** hitrules answers exactly, as a fraction and a "
        "percentage, and shows every step of the working, so you can check it against your rulebook "
        "or teach it to someone new."
    )
    st.page_link(pages()["fantasy"], label="Fantasy shooting: hit, wound, save and the models removed",
                 icon=":material/my_location:")
    st.page_link(pages()["ninth"], label="9th / 8th edition attack: hit (with Overwatch and the Leman "
                 "Russ), wound, save, damage and the models removed", icon=":material/rocket_launch:")
    st.page_link(pages()["explore"], label="Explore: every BS and modifier at once, rule sets side by side",
                 icon=":material/monitoring:")
    st.page_link(pages()["learn"], label="Learn: walk through a roll, roll the dice, take a quiz",
                 icon=":material/school:")
    st.page_link(pages()["combat"], label="Fantasy combat: one round of close combat, to the Break test",
                 icon=":material/swords:")
    st.page_link(pages()["army"], label="Your army: upload your army file, and use its units in every calculator",
                 icon=":material/upload_file:")
    st.page_link(pages()["rules"], label="Our reading of the rules, and where we had to choose",
                 icon=":material/menu_book:")
    st.info("Chances are exact fractions; percentages are rounded half up to one decimal, and a chance that "
            "is neither 0 nor 1 shows as <0.1% or >99.9% rather than 0.0% or 100.0%.", icon=":material/info:")
