"""Whether the seats are even: one chi-squared test over every seat, worked by hand."""
import math
import random

import pytest

from motu.engine.session.stats import seats_even_test


def test_two_seats_with_30_and_10_wins_are_not_even():
    # expected 20 each: chi-squared = (10² + 10²) / 20 = 10 on one degree of freedom;
    # P(chi-squared > 10) = erfc(sqrt(10 / 2)) = 0.00157
    t = seats_even_test([30, 10])
    assert t["decided"] == 40
    assert t["p"] == pytest.approx(math.erfc(math.sqrt(5)), rel=1e-9)
    assert t["p"] < 0.05


def test_equal_wins_are_as_even_as_can_be():
    assert seats_even_test([25, 25, 25, 25])["p"] == pytest.approx(1.0)


def test_too_few_winners_to_tell():
    assert seats_even_test([6, 2, 1, 0]) == {"decided": 9, "p": None}  # under five expected a seat


def test_four_even_seats_are_called_uneven_about_one_time_in_twenty():
    # Asking whether any one seat's 95 % interval misses the even share would call an even
    # four-seat game uneven far more often; one test over all seats keeps to its 5 %.
    rng = random.Random(18)
    uneven = 0
    for _ in range(600):
        wins = [0] * 4
        for _ in range(80):
            wins[rng.randrange(4)] += 1
        uneven += seats_even_test(wins)["p"] < 0.05
    assert 0.02 < uneven / 600 < 0.09
