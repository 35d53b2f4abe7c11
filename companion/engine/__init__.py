"""The rules engine: commands in, events out, state changed only by events.

Nothing in this package imports Kivy, gpiozero or pyserial; the touchscreen, the dice and the journal all talk
to it through :class:`companion.engine.game.Game`.
"""
