"""The touchscreen user interface: the only package that imports Kivy.

Import :mod:`companion.ui.app` lazily (from the command line's ``app`` path) so that the engine and its
tests never pull in Kivy.
"""
