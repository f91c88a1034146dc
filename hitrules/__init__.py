"""hitrules: exact to-hit chances, with the reasons, for two tabletop rule sets.

The package reads from the ground up, in layers that import only downwards (CONTRIBUTING.md § Layout):
  the engine     standard library only: ``steps``, ``words``, ``dice``, ``damage`` (the one damage
                 engine), ``unit``, and a subpackage per rule set, ``fantasy`` and ``ninth``
  situations     ``situations``: a page's values turned into engine calls, cached; the presets' data
  the edge       ``edge``: the link (``edge.urlstate``) and uploaded rosters (``edge.rosters``),
                 parsed once into typed values
  presentation   ``presentation``: Plotly charts and pandas tables (``presentation.figures``)
Each name has one address, its home in these layers (``hitrules.situations.combat``,
``hitrules.edge.urlstate``, ``hitrules.presentation.figures``...); CONTRIBUTING.md says where each lives.
"""

__version__ = "0.1.0"
