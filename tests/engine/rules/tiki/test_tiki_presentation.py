"""Tiki's end of game in the rulebook's words: who won, and how — four fruits, the most fruit when the
supply ran out, or the tie-break after it; numbers of fruits in the singular and plural."""
import random

from motu.engine.rules.api import CHANCE
from motu.engine.rules.registry import get_ruleset
from motu.engine.rules.tiki import presentation as words


def finished(seed, **options):
    rules = get_ruleset("tiki")
    st = rules.new_initial_state(rules.new_scenario(), {"shuffle_tiles": False, **options})
    rng = random.Random(seed)
    while not st.is_terminal():
        if st.current_player() == CHANCE:
            st.apply_action(rng.choice([a for a, _ in st.chance_outcomes()]))
        else:
            st.apply_action(rng.choice(st.legal_actions()))
    return st


def endings(**options):
    """One finished game of each way a game ends: four fruits, the supply out, the tie-break."""
    found = {}
    for seed in range(500):
        st = finished(seed, **options)
        kind = ("four" if st.fruit[st.winner] >= st.to_win else "tie-break" if st.tiebreak else "supply")
        found.setdefault(kind, st)
        if len(found) == 3:
            return found
    raise AssertionError(f"only {sorted(found)} in 500 games")


def test_the_result_says_who_won_and_how_in_the_rulebooks_words():
    games = endings()
    for kind, st in games.items():
        rows = dict(words.result(st))
        winner = st.player_name(st.winner)
        assert list(rows) == ["Winner", "How", "Fruits", "Fruit supply"]
        assert rows["Winner"] == winner
        assert rows["Fruits"] == f"First player {st.fruit[0]}, Second player {st.fruit[1]}"
        assert "score" not in str(rows)
    four, supply, tie = games["four"], games["supply"], games["tie-break"]
    assert dict(words.result(four))["How"] == f"{four.player_name(four.winner)} has four fruits, and four fruits win"
    assert dict(words.result(supply))["How"] == (f"the fruit supply ran out and {supply.player_name(supply.winner)} "
                                                 "has the most fruit")
    assert dict(words.result(tie))["How"].startswith("the tie-break: with the supply empty and fruits level")


def test_the_number_of_fruits_that_win_is_the_games_own():
    st = finished(1, fruits_to_win=3)
    assert "(three fruits win)" in dict(words.panel(st))["Fruits"]


def test_fruits_in_the_singular_and_plural():
    assert (words.fruits(1), words.fruits(0), words.fruits(3), words.fruits(4, True)) == \
        ("1 fruit", "0 fruits", "3 fruits", "four fruits")
    st = finished(2)
    assert dict(words.panel(st))["Supply"] == f"{words.fruits(st.supply)} left"


def test_no_result_while_the_game_goes_on():
    rules = get_ruleset("tiki")
    assert words.result(rules.new_initial_state(rules.new_scenario(), {"shuffle_tiles": False})) == []
