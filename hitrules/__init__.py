"""hitrules: exact to-hit chances, with the reasons, for two tabletop rule sets.

The rule modules (``dice``, ``fantasy``, ``combat``, ``charge``, ``ninth``, ``damage``, ``presets``,
``urlstate``) use only the standard library; ``damage`` holds what both rule sets do after the
save, and ``combat`` the fantasy close combat and ``charge`` the whole charge, which ``fantasy`` re-exports.
``figures`` builds Plotly charts and pandas tables from their results.
"""

__version__ = "0.1.0"
