"""The edge: what comes in from outside (the link, and later uploaded files such as rosters), parsed
once into typed values, the limits read from the engine's own types. Standard library only.

What lives here: ``urlstate`` (every input of a page as URL query parameters, and the /combat
links the app ships). It may import the engine and the situations, never the presentation.
"""
