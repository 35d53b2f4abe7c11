"""Durable storage: the SQLite journal of saved games."""
