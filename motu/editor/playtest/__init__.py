"""Playtesting the scenario being edited: a game window, seats for humans and bots, dice and log."""
