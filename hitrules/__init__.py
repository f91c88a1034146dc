"""hitrules: exact to-hit chances, with the reasons, for two tabletop rule sets.

The package reads from the ground up, in layers that import only downwards (README § Layout):
  the engine     standard library only: ``steps``, ``words``, ``dice``, ``damage`` (the one damage
                 engine), ``unit``, and a subpackage per rule set, ``fantasy`` and ``ninth``
  situations     ``situations``: a page's values turned into engine calls, cached; the presets' data
  the edge       ``edge``: the link (``edge.urlstate``) and uploaded rosters (``edge.rosters``),
                 parsed once into typed values
  presentation   ``presentation``: Plotly charts and pandas tables (``presentation.figures``)
The modules at the old addresses (``combat``, ``charge``, ``combat_situations``, ``compare``,
``figures``, ``presets``, ``profiles``, ``quiz``, ``rosters``, ``urlstate``, ``_steps``) are thin:
they re-export the names from their new homes, so every documented import still works.
"""

__version__ = "0.1.0"
