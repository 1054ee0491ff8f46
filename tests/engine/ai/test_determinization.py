"""MCTS decides from its seat's observation: hidden things are sampled, never read (issue 18).

Two games that differ only in what one seat may not know (where the Maori hide in Fire in the
Fern!, what the other players saved in their chests in the pearl game) look the same to that
seat, so an MCTS bot with the same generator makes the same choice in both; and a sample of
the hidden part keeps everything the seat sees.
"""
import random
from pathlib import Path

from motu.engine.ai.mcts import MCTSBot
from motu.engine.io.native import load_path
from motu.engine.rules.fern import bots as fern_bots
from motu.engine.rules.fern.model import BRITISH_PLAYER
from motu.engine.rules.pearls import bots as pearls_bots
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.session import sample_outcome

ROOT = Path(__file__).resolve().parents[3]
FERN = get_ruleset("fern")


def _ambush():
    return FERN.new_initial_state(load_path(ROOT / "scenarios" / "fern-ambush.yaml"))


def _elsewhere(state):
    """The same game with every hidden Maori group moved to another bush square out of sight
    of the British (its observation is the same)."""
    other = state.clone()
    b = state.b
    taken = {g.cell for g in state.groups.values()}
    free = [c for c in range(len(b.bush)) if b.bush[c] and c not in taken]
    for gid, g in sorted(state.groups.items()):
        if g.hidden:
            cell = free.pop()
            other.groups[gid] = g._replace(cell=cell)
    return other


def _seen(state, viewer):
    o = state.observation(viewer)
    return sorted(o.groups.values()), o.leaders, o.stack, o.unseen


def test_the_british_see_the_same_game_wherever_the_maori_hide():
    st = _ambush()
    assert st.current_player() == BRITISH_PLAYER and any(g.hidden for g in st.groups.values())
    moved = _elsewhere(st)
    assert sorted(st.groups.values()) != sorted(moved.groups.values())
    assert _seen(st, BRITISH_PLAYER) == _seen(moved, BRITISH_PLAYER)


def test_mcts_choices_do_not_depend_on_where_hidden_maori_really_are():
    st = _ambush()
    moved = _elsewhere(st)
    for seed in range(4):
        a = fern_bots.mcts_bot(random.Random(seed), iterations=12, rollout_limit=6, margin=None).choose(st)
        b = fern_bots.mcts_bot(random.Random(seed), iterations=12, rollout_limit=6, margin=None).choose(moved)
        assert a == b


def test_a_sample_of_the_hidden_maori_keeps_what_the_british_see():
    st = _ambush()
    obs = st.observation(BRITISH_PLAYER)
    true_figures = sum(g.n for g in st.groups.values() if g.hidden)
    for seed in range(5):
        s = obs.sample_hidden(BRITISH_PLAYER, random.Random(seed))
        assert sorted(s.legal_actions()) == sorted(st.legal_actions())
        assert sum(g.n for g in s.groups.values() if g.hidden) == true_figures  # the order of battle is known
        assert all(s.b.bush[g.cell] or g.cell in s.b.rifle_pit for g in s.groups.values() if g.hidden)
        assert _seen(s, BRITISH_PLAYER)[0] == sorted(obs.groups.values())
        assert not s.unseen


def test_the_maori_hide_nothing_from_themselves():
    st = _ambush()
    obs = st.observation(1)
    assert obs is st and obs.sample_hidden(1, random.Random(0)) == st


PEARLS = get_ruleset("pearls")


def _pearls_with_savings():
    """A pearl game played by random choices until someone has saved into a chest and seat 0 is
    to choose; and the same game with the other players' chests different."""
    st = PEARLS.new_initial_state(PEARLS.new_scenario())
    rng = random.Random(3)
    while True:
        p = st.current_player()
        if p == 0 and any(st.chest[1:]) and len(st.legal_actions()) > 1:
            break
        st.apply_action(sample_outcome(st.chance_outcomes(), rng) if p < 0 else rng.choice(st.legal_actions()))
    other = st.clone()
    other.chest = [st.chest[0]] + [c + 7 for c in st.chest[1:]]
    other._scores = None
    return st, other


def test_mcts_choices_do_not_depend_on_the_other_chests():
    st, other = _pearls_with_savings()
    assert st.observation(0) == other.observation(0)
    for seed in range(3):
        a = pearls_bots.mcts_bot(random.Random(seed), iterations=60).choose(st)
        b = pearls_bots.mcts_bot(random.Random(seed), iterations=60).choose(other)
        assert a == b


def test_a_sample_of_the_chests_keeps_the_seat_s_own():
    st, _ = _pearls_with_savings()
    obs = st.observation(0)
    s = obs.sample_hidden(0, random.Random(1))
    assert s.chest[0] == st.chest[0] and s.hidden_chests == () and s.cash == st.cash
    assert all(0 <= c <= 2 * st.chest[0] for c in s.chest[1:])


def test_a_game_without_hidden_information_is_searched_as_it_is():
    tiki = get_ruleset("tiki")
    st = tiki.new_initial_state(tiki.new_scenario())
    assert st.observation(0) is st and st.sample_hidden(0, random.Random(0)) == st
    assert MCTSBot(random.Random(2), iterations=30).choose(st) in st.legal_actions()


def test_the_fern_search_bot_s_choices_do_not_depend_on_where_hidden_maori_really_are():
    st = _ambush()
    moved = _elsewhere(st)
    for seed in range(3):
        a = fern_bots.mcts_bot(random.Random(seed), iterations=12, rollout_limit=6).choose(st)
        b = fern_bots.mcts_bot(random.Random(seed), iterations=12, rollout_limit=6).choose(moved)
        assert a == b
