"""explore page (coming next)."""

import streamlit as st

st.title("Explore")
