"""Star Wars Monopoly companion: the electronic Banker that sits beside the physical board.

The engine (rules, editions, journal) is plain Python and never imports Kivy; the touchscreen lives in
:mod:`companion.ui`, the only package that imports Kivy.
"""

__version__ = "0.1.0"
