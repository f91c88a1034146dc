"""hitrules: exact to-hit chances, with the reasons, for two tabletop rule sets.

The rule modules (``dice``, ``fantasy``, ``ninth``, ``presets``, ``urlstate``) use only the
standard library. ``figures`` builds Plotly charts and pandas tables from their results.
"""

__version__ = "0.1.0"
