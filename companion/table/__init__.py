"""The table's side of the app, without any screen: a session that submits commands and the views the screens
show (plain data worked out by the engine). The Kivy layer imports only from here and from the command notation.
"""
