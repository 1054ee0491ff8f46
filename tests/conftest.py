"""Shared test set-up: headless Qt, and Hypothesis profiles (quick by default, `ci` deeper)."""
import os

from hypothesis import HealthCheck, settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

settings.register_profile("default", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("deep", max_examples=600, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("MOTU_HYPOTHESIS", "default"))

import sys  # noqa: E402

# Shared helpers (strategies) live beside this file.
sys.path.append(os.path.dirname(__file__))

import pytest  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def example_hex():
    from motu.engine.io.native import load_path
    return load_path(os.path.join(ROOT, "scenarios", "example-hex.yaml"))


@pytest.fixture
def example_square():
    from motu.engine.io.native import load_path
    return load_path(os.path.join(ROOT, "scenarios", "example-square.yaml"))
