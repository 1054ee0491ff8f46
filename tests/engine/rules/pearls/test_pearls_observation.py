"""What each player of the pearl game may know: the chests behind the other screens are hidden,
the savings announced aloud are not, and bots decide from what their seat may know."""
import random

from motu.engine.ai.bot import RandomBot
from motu.engine.rules.api import CHANCE, TERMINAL
from motu.engine.rules.pearls import bots
from motu.engine.rules.pearls.state import CHOOSE, SAVE, WHITE
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.session import sample_outcome

RULES = get_ruleset("pearls")


def started():
    st = RULES.new_initial_state(RULES.new_scenario())
    for a in (0, 4, 8, CHOOSE + 0, CHOOSE + 1, CHOOSE + 2):
        st.apply_action(a)
    return st


def test_treasure_no_player_may_check_how_much_another_has_saved():
    st = started()
    st.chest = [3, 5, 7]
    obs = st.observation(1)
    assert obs.chest == [0, 5, 0] and obs.hidden_chests == (0, 2)
    assert obs.information()["chests"] == [None, 5, None]
    assert obs.legal_actions() == st.legal_actions() and st.chest == [3, 5, 7]


def test_treasure_the_sums_saved_are_announced_aloud_so_every_player_is_told_them():
    st = started()
    st.token = 1
    st.apply_action(WHITE)
    assert [st.action_to_string_for(SAVE + 4, p) for p in range(3)] == ["save $4"] * 3


def test_bots_choose_the_same_whatever_the_other_chests_hold():
    rng, dice = random.Random(5), random.Random(6)
    st = started()
    decisions = material = 0
    while st.current_player() != TERMINAL:
        p = st.current_player()
        if p == CHANCE:
            st.apply_action(sample_outcome(st.chance_outcomes(), dice))
            continue
        other = st.clone()
        other.chest = [c if q == p else rng.randint(0, 40) for q, c in enumerate(st.chest)]
        material += bots.evaluate(other, p) != bots.evaluate(st, p)
        for make in (bots.greedy_bot, RandomBot):
            seed = rng.random()
            assert make(random.Random(seed)).choose(st) == make(random.Random(seed)).choose(other)
        decisions += 1
        st.apply_action(RandomBot(rng).choose(st))
    assert decisions > 30 and material > 10, "the other chests would have mattered to a bot that read them"
