"""The baseline for every benchmark: one number input, one metric, one Plotly chart."""

import plotly.graph_objects as go
import streamlit as st

n = st.number_input("n", min_value=1, max_value=100, value=10, key="n")
st.metric("Hit chance", f"{n}/100")
st.plotly_chart(go.Figure(go.Bar(x=list(range(6)), y=[n * i for i in range(6)])), key="chart")
