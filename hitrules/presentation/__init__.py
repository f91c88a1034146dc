"""Presentation: Plotly charts and pandas tables built from engine results; the only part of
hitrules that needs more than the standard library.

What lives here: ``figures`` (the charts, the tables, the data editor's rows). It may import the
engine (the numbers in words come from hitrules.words) and the situations, never the edge.
"""
