"""Motu's desktop editor (PySide6). Talks to the scenario only through Edits."""
