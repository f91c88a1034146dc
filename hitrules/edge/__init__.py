"""The edge: what comes in from outside (the link, uploaded army rosters), parsed once into typed
values, the limits read from the engine's own types.

What lives here: ``urlstate`` (every input of a page as URL query parameters, and the /combat
links the app ships) and ``rosters`` (an uploaded army file, read with defusedxml, into the pages'
values). It may import the engine and the situations, never the presentation.
"""
