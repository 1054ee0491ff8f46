"""Fire in the Fern! §1-§2, the chain of command as a designer is told of it: whether each leader's
chain of superiors reaches his side's C-in-C, on small hand-made chains (straight, broken, looped,
crossing sides), and that the check follows each piece's superior once however long the chain."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import RULES, table, unit

from motu.engine.scenario.model import Piece

OPEN6 = [". . . . . ."] * 6


def chains(*pieces):
    """(code, pieces) of the chain findings (§1 not under the C-in-C, §2 no superior, idle commander)."""
    s = table(OPEN6, list(pieces))
    wanted = ("FERN_NOT_UNDER_C_IN_C", "FERN_LEADER_NO_SUPERIOR", "FERN_IDLE_COMMANDER")
    return sorted((f.code, f.pieces) for f in RULES.validate(s) if f.code in wanted)


GEN = ("gen", "c_in_c", "british", "1,6", 1, {})
MAJ = ("maj", "senior_officer", "british", "2,6", 1, {"superior": "gen"})


def test_rule_1_a_straight_chain_up_to_the_c_in_c_is_clean():
    assert chains(GEN, MAJ, *unit("a", "regulars", "british", "3,6", 8, superior="maj")) == []


def test_rule_1_a_chain_broken_below_the_c_in_c():
    # The major answers to nobody: his lieutenant's chain stops at him.
    maj = ("maj", "senior_officer", "british", "2,6", 1, {})
    assert chains(GEN, maj, *unit("a", "regulars", "british", "3,6", 8, superior="maj")) == [
        ("FERN_IDLE_COMMANDER", ("gen",)), ("FERN_NOT_UNDER_C_IN_C", ("l-a",))]


def test_rule_1_a_loop_of_officers_never_reaches_the_c_in_c():
    maj = ("maj", "senior_officer", "british", "2,6", 1, {"superior": "capt"})
    capt = ("capt", "senior_officer", "british", "2,5", 1, {"superior": "maj"})
    assert chains(GEN, maj, capt, *unit("a", "regulars", "british", "3,6", 8, superior="maj"),
                  *unit("b", "regulars", "british", "4,6", 8, superior="capt")) == [
        ("FERN_IDLE_COMMANDER", ("gen",)), ("FERN_NOT_UNDER_C_IN_C", ("l-a",)),
        ("FERN_NOT_UNDER_C_IN_C", ("l-b",))]


def test_rule_1_a_loop_through_the_c_in_c_reaches_him():
    gen = ("gen", "c_in_c", "british", "1,6", 1, {"superior": "maj"})
    assert chains(gen, MAJ, *unit("a", "regulars", "british", "3,6", 8, superior="maj")) == []


def test_rule_1_an_officer_answering_to_himself():
    maj = ("maj", "senior_officer", "british", "2,6", 1, {"superior": "maj"})
    assert chains(GEN, maj, *unit("a", "regulars", "british", "3,6", 8, superior="maj")) == [
        ("FERN_IDLE_COMMANDER", ("gen",)), ("FERN_NOT_UNDER_C_IN_C", ("l-a",))]


def test_rule_1_a_chain_through_the_other_sides_c_in_c_does_not_count():
    hone = ("hone", "c_in_c", "maori", "1,1", 1, {})
    chief = ("chief", "senior_officer", "maori", "2,1", 1, {"superior": "gen"})
    assert chains(GEN, hone, chief, *unit("w", "warriors", "maori", "3,1", 8, superior="chief")) == [
        ("FERN_IDLE_COMMANDER", ("hone",)), ("FERN_NOT_UNDER_C_IN_C", ("l-w",))]


def test_rule_1_leaders_answering_to_leaders_share_the_top_of_their_chain():
    # l-b answers to l-a (a type error of its own), l-a to the major: both reach the C-in-C, though
    # l-b answers to no senior officer (§2); l-c and l-d answer to each other and reach nobody.
    pieces = [GEN, MAJ, *unit("a", "regulars", "british", "3,6", 8, superior="maj"),
              *unit("b", "regulars", "british", "4,6", 8, superior="l-a"),
              *unit("c", "regulars", "british", "5,6", 8, superior="l-d"),
              *unit("d", "regulars", "british", "6,6", 8, superior="l-c")]
    assert chains(*pieces) == [("FERN_LEADER_NO_SUPERIOR", ("l-b",)), ("FERN_NOT_UNDER_C_IN_C", ("l-c",)),
                               ("FERN_NOT_UNDER_C_IN_C", ("l-d",))]


def test_rule_2_no_senior_officer_on_the_side_no_c_in_c_either():
    # A side with neither: nothing to reach, nothing to say about the chain.
    assert chains(*unit("a", "regulars", "british", "3,6", 8)) == []


class CountingProps(dict):
    """A piece's props that count how often the chain check asks for a superior."""
    asked = 0

    def get(self, key, default=None):
        if key == "superior":
            CountingProps.asked += 1
        return super().get(key, default)

    def __getitem__(self, key):
        if key == "superior":
            CountingProps.asked += 1
        return super().__getitem__(key)


def _superiors_asked(n: int) -> tuple[int, list]:
    """Validate a chain of `n` leaders, each answering to the one before, the first to the C-in-C."""
    pieces = [GEN]
    prev = "gen"
    for i in range(n):
        pieces.append((f"l{i}", "leader", "british", "2,6", 1, {"superior": prev}))
        prev = f"l{i}"
    s = table(OPEN6, pieces)
    for pid, p in list(s.pieces.items()):
        s.pieces[pid] = Piece(p.id, p.kind, p.side, p.cell, p.count, p.name, CountingProps(p.props))
    CountingProps.asked = 0
    found = [f for f in RULES.validate(s) if f.code == "FERN_NOT_UNDER_C_IN_C"]
    return CountingProps.asked, found


def test_rule_1_a_long_chain_is_followed_once_per_piece():
    small, found_small = _superiors_asked(200)
    big, found_big = _superiors_asked(2000)
    assert found_small == [] and found_big == []  # every leader's chain reaches the C-in-C
    # Linear: ten times the leaders, about ten times the questions (a walk per leader would be 100x).
    assert big <= 11 * small and big < 20 * 2000
