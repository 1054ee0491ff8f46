"""A hot-seat table tells each seat only what that seat may know (Fire in the Fern! §12): over a
whole seeded game, every line each seat's log and dice tray receive, and the panel, the status
line and the stack panel it is shown, name no hidden figure's square, origin or name.
(Tahiti hides nothing from either side: its observation is the game itself.)"""
import random
import re
import sys

import pytest

sys.path.insert(0, __file__.rsplit("/tests/", 1)[0] + "/tests/editor")
from playtest_support import table  # noqa: E402

from motu.engine.ai.bot import RandomBot  # noqa: E402
from motu.engine.rules.api import CHANCE  # noqa: E402
from motu.engine.rules.fern.bots import HeuristicBot  # noqa: E402

LABEL = re.compile(r"\b\d+,\d+\b")


def hidden_squares(st, seat: int) -> set[int]:
    """Squares where the other side has figures or leaders `seat` cannot see, and none it can."""
    units, infos = st.b.units, st.b.leaders
    hidden = {g.cell for g in st.groups.values() if g.hidden and units[g.unit].player != seat}
    hidden |= {l.cell for i, l in enumerate(st.leaders) if l.hidden and l.cell is not None and infos[i].player != seat}
    return hidden - st.enemy_cells_seen(seat)


def hidden_names(st, seat: int) -> set[str]:
    """Units and leaders of the other side on the table of which `seat` sees nothing."""
    units, infos = st.b.units, st.b.leaders
    out, seen = set(), set()
    for g in st.groups.values():
        if units[g.unit].player != seat:
            (out if g.hidden else seen).add(units[g.unit].name)
    for i, l in enumerate(st.leaders):
        if l.cell is not None and infos[i].player != seat:
            (out if l.hidden else seen).add(infos[i].name)
    return out - seen


def secrets(line: str, st, squares: set[int], names: set[str]) -> list[str]:
    found = [lab for lab in LABEL.findall(line) if st.b.grid.parse_label(lab) in squares]
    return found + [n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", line)]


def play_hot_seat(w, seed: int, bot=HeuristicBot):
    """Both seats human, each choosing (as a heuristic player would) from what its side sees; the
    curtain lifted and the screen handed over as the players would. At each decision, the words the
    seat on view is shown besides the log are checked; returns (state before, state after) per entry."""
    for box in w.seat_boxes:
        box.setCurrentText("human")
    states = []
    play = w._play

    def recording(action):
        before = w.session.state.clone()
        entry = play(action)
        states.append((before, w.session.state.clone()))
        return entry
    w._play = recording
    bots = [bot(random.Random(seed)), bot(random.Random(seed + 1))]
    shown = []
    while not w.session.state.is_terminal():
        hand_over(w)
        st = w.session.state
        p = st.current_player()
        assert p != CHANCE and w.shown_seat == p, "the table shows the seat to move, and only it"
        squares, names = hidden_squares(st, p), hidden_names(st, p)
        for cell in sorted(squares)[:2]:  # the stack panel of a square where hidden enemies stand
            w.stack_cell = cell
            w.refresh_stack_panel()
            assert w.stack_panel.names() == [] and w.stack_panel.caption.text().endswith(": 0 units")
        words = [w.info.text(), w.info.toolTip(), w.panel.text(), *w.stack_panel.names()]
        words += [v.toolTip() for v in w.panel.rows.values]
        for text in words:
            assert not secrets(text, st, squares, names), f"{st.player_name(p)} is shown {text!r}"
        shown.append(p)
        seen = st.observation(p)
        assert w.human_action(bots[p].choose(seen.clone() if seen is st else seen))
    assert set(shown) == {0, 1}
    return states


def told_lines(w, entry, seat: int) -> list[str]:
    """Every line `seat`'s log and dice tray receive for one entry, with their tooltips."""
    w.shown_seat = seat
    w.log.clear()
    w.dice.start_over()
    w._show_entry(entry)
    log = [w.log.item(i) for i in range(w.log.count())]
    return [i.text() for i in log] + [i.toolTip() for i in log] + w.dice.texts() + w.dice.shown()


@pytest.mark.parametrize("scenario, seed, bot, told", [
    ("fern-ambush.yaml", 3, HeuristicBot, "comes out of hiding"),
    ("fern-ambush.yaml", 2, RandomBot, "a hidden leader tries to motivate"),  # players who try everything
    ("fern-pa-assault.yaml", 1, HeuristicBot, "from hiding, §12")])
def test_rule_12_over_a_whole_hot_seat_game_no_seat_is_told_a_hidden_figures_square_origin_or_name(qtbot, scenario, seed,
                                                                                                     bot, told):
    w = table(qtbot, scenario, seed)
    states = play_hot_seat(w, seed, bot)
    assert len(states) == len(w.entries) > 300
    checked = {0: 0, 1: 0}
    leaks = []
    for seat in (0, 1):
        own = ""  # what the seat itself chose last: the dice that follow may name its own target
        for entry, (before, after) in zip(w.entries, states):
            if entry.player == seat:
                own = entry.full
                continue
            if entry.player != CHANCE:
                own = ""
            # Squares hidden before the action and not revealed by it; names hidden before and after.
            squares = hidden_squares(before, seat) - after.enemy_cells_seen(seat)
            squares -= {before.b.grid.parse_label(lab) for lab in LABEL.findall(own)}
            names = hidden_names(before, seat) & hidden_names(after, seat)
            for line in told_lines(w, entry, seat):
                checked[seat] += 1
                found = secrets(line, before, squares, names)
                if found:
                    leaks.append((before.player_name(seat), line, found))
    assert not leaks, f"{len(leaks)} lines tell a seat what it may not know, e.g. {leaks[:3]}"
    assert checked[0] > 200 and checked[1] > 200, "both seats were told the game"
    assert any(e.texts[0] is None for e in w.entries), "the Maori did something hidden"
    assert any(told in line for e in w.entries for line in told_lines(w, e, 0)), \
        f"the British saw hidden Maori give themselves away ({told!r}): the game tested what it should"


def test_rule_12_the_table_tells_the_british_a_figure_coming_out_of_hiding_without_its_origin(qtbot):
    """The issue's own moves: one figure of a hidden hapu steps into the open while its leader and the
    rest of the hapu stay hidden; the British log says where it came out, not where from."""
    from motu.engine.rules.fern import motivation
    from motu.engine.rules.fern.model import BLOCK, END_TURN, MAORI_PLAYER, MOVE, SEL_UNIT0
    w = table(qtbot, "fern-ambush.yaml", 5)
    for box in w.seat_boxes:
        box.setCurrentText("human")
    hand_over(w)
    if w.session.state.current_player() != MAORI_PLAYER:
        assert w.human_action(END_TURN)
        hand_over(w)
    st = w.session.state
    b = st.b
    assert st.current_player() == MAORI_PLAYER and w.shown_seat == MAORI_PLAYER
    hapu = next(g for g in st.groups.values() if g.hidden and g.n > 1 and b.units[g.unit].leader is not None)
    leader, origin = b.units[hapu.unit].leader, hapu.cell
    w.session.rng = _Dice([6, 6, 6])  # the motivation succeeds, and the activation leaves points to move
    assert w.human_action(motivation.encode(b, leader, SEL_UNIT0 + len(b.units) + hapu.unit, origin))  # one figure
    st = w.session.state
    out = next(a for a in st.legal_actions() if a - a % BLOCK == MOVE and not b.bush[a - MOVE])
    assert w.human_action(out)
    lines = [line for e in w.entries for line in told_lines(w, e, 0)]
    assert [line for line in lines if "hiding" in line] == [
        f"Maori: {b.units[hapu.unit].name} (1): comes out of hiding at {b.label(out - MOVE)} (§12)"] * 2  # text, tooltip
    assert not any(b.label(origin) in line for line in lines), f"the British were told {b.label(origin)}"
    assert not any(b.leaders[leader].name in line for line in lines)
    assert any(b.label(origin) in line for e in w.entries for line in told_lines(w, e, 1)), "the Maori know it"


def hand_over(w):
    """The players pass the screen as the table asks: the seat reading hands over, the next lifts the curtain."""
    if w.curtain.holding:
        w.curtain.bar.button.click()
    if w.curtain.down:
        w.curtain.button.click()


class _Dice(random.Random):
    """Hand-worked dice for the table's session: the faces given, in order (d6 outcomes 1-6)."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def random(self):
        face = self.faces.pop(0) if self.faces else 6
        return (face - 0.5) / 6


def test_tahiti_hides_nothing_so_every_seat_is_told_every_move_whole():
    """Why no Tahiti game is read line by line here: its every seat sees the whole game."""
    from motu.engine.io.native import load_path
    from motu.engine.rules.registry import get_ruleset
    from motu.engine.session.session import Session
    scenario = load_path(__file__.rsplit("/tests/", 1)[0] + "/scenarios/tahiti.yaml")
    rules = get_ruleset("tahiti")
    s = Session(lambda: rules.new_initial_state(scenario), seed=4)
    rng = random.Random(4)
    for _ in range(300):
        st = s.state
        if st.is_terminal():
            break
        action = s.draw() if st.current_player() == CHANCE else rng.choice(st.legal_actions())
        assert all(st.observation(p) is st for p in range(st.num_players()))
        assert {st.action_to_string_for(action, p) for p in range(st.num_players())} == {st.action_to_string(action)}
        s.apply(action)
