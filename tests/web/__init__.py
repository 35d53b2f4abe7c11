"""Tests of the phone view: its server, pages and codes (no Kivy)."""
