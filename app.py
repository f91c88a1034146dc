"""hitrules: the router. Page config, navigation over pages/, and the shared sidebar; no rules."""

import streamlit as st

st.set_page_config(page_title="hitrules: what do I need to hit?", page_icon=":material/casino:", layout="wide")

PAGES = [
    st.Page("pages/home.py", title="Home", icon=":material/home:", default=True),
    st.Page("pages/fantasy.py", title="Fantasy: Roll to Hit", icon=":material/my_location:", url_path="fantasy"),
    st.Page("pages/ninth.py", title="9th edition: hit roll", icon=":material/rocket_launch:", url_path="ninth"),
    st.Page("pages/explore.py", title="Explore", icon=":material/monitoring:", url_path="explore"),
    st.Page("pages/learn.py", title="Learn", icon=":material/school:", url_path="learn"),
]

page = st.navigation(PAGES)
with st.sidebar:
    st.caption(
        "Exact chances, worked out the way the rules say. Every page's link holds its "
        "settings: copy the address to share exactly what you see."
    )
page.run()
