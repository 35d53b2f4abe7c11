"""The phone view: a small web server on the table's network that shows the table on the players' phones and
takes a player's private inputs (auction bids, trade offers, their own decisions, a Bank Heist dial set in
secret).

Nothing here imports Kivy. The server never touches the game itself: every read and every command is handed to
the thread that owns the game (the touchscreen's UI thread) through an executor (:mod:`companion.web.handoff`),
and every command is checked by the engine exactly like a tap on the table. A request changes nothing without a
valid player code (:mod:`companion.web.tokens`); the table code only reads.
"""
