"""hitrules: the router. Page config, navigation over pages/, and the shared sidebar; no rules."""

import streamlit as st

st.set_page_config(page_title="hitrules: what do I need to hit?", page_icon=":material/casino:", layout="wide")



def make_pages() -> dict:
    return {
        "home": st.Page("pages/home.py", title="Home", icon=":material/home:", default=True),
        "fantasy": st.Page("pages/fantasy.py", title="Fantasy: Roll to Hit", icon=":material/my_location:",
                           url_path="fantasy"),
        "ninth": st.Page("pages/ninth.py", title="9th edition: hit roll", icon=":material/rocket_launch:",
                         url_path="ninth"),
        "explore": st.Page("pages/explore.py", title="Explore", icon=":material/monitoring:", url_path="explore"),
        "learn": st.Page("pages/learn.py", title="Learn", icon=":material/school:", url_path="learn"),
    }


# Made once per session and kept: st.Page resolves its file on the disk each time it is made,
# which cost a tenth of the server's CPU under load. Pages are not shared between sessions.
if "_pages" not in st.session_state:
    st.session_state["_pages"] = make_pages()
page = st.navigation(list(st.session_state["_pages"].values()))
with st.sidebar:
    st.caption(
        "Exact chances, worked out the way the rules say. Every page's link holds its "
        "settings: copy the address to share exactly what you see."
    )
page.run()
