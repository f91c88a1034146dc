"""hitrules: the router. Page config, navigation over pages/, and the shared sidebar; no rules."""

import streamlit as st

import webui_cache
import webui_routes

webui_cache.settle()
st.set_page_config(page_title="hitrules: what do I need to hit?", page_icon=":material/casino:", layout="wide")

page = st.navigation(list(webui_routes.pages().values()))
with st.sidebar:
    st.caption(
        "Exact chances, worked out the way the rules say. Every page's link holds its "
        "settings: copy the address to share exactly what you see."
    )
page.run()
