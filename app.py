"""hitrules: the router. Page config, navigation over pages/, and the shared sidebar; no rules."""

import streamlit as st

st.set_page_config(page_title="hitrules", page_icon="🎲", layout="wide")
st.title("hitrules")
st.write("Exact to-hit chances, with the reasons.")
