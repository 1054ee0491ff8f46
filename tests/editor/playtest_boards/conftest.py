"""Playtest board tests: the click helpers beside this file (board_clicks.py) are importable."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
