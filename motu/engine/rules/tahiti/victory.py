"""How a Tahiti game ends and who wins (victory.yaml; docs/rules/tahiti.md "Victory").

Scope: the end by areas (events 11-13, the turn limit): the most areas controlled wins, a full
Marae counting as an area (15.8); a tie at the top is a draw between the tied players. The loss
of a Head Chieftain (FACTS: "if he is killed the player loses"): the player is out, his pieces
leave the map, his Villages stand unowned; the last player left wins. Event 66's ends: Total
Victory (66-4, 66-5) and Armageddon (66-6, everybody loses). Returns: a winner 1, a loser -1,
players sharing a draw 0; in solitaire, 1 if the player reaches victory.yaml's target.
"""
from __future__ import annotations

from .clan_events import ClanOut
from .game_state import TahitiState, step
from .queries import areas_held


def eliminate(st: TahitiState, player: int, why: str) -> None:
    if st.out[player]:
        return
    st.out[player] = True
    st.units = [u for u in st.units if u.player != player]
    for v in st.villages.values():
        if v[0] == player:
            v[0] = -1
    st.control_markers = {a: p for a, p in st.control_markers.items() if p != player}
    st.recalled = {r for r in st.recalled if r[0] != player}
    st.tokens = [t for t in st.tokens if t[0] != player]
    st._emit(ClanOut(st.turn, player, why))
    live = st.live()
    n = len(st.players)
    if n == 1:
        st.end([-1.0], why + ": the game is lost", "defeat")
    elif len(live) == 1:
        st.end([1.0 if p == live[0] else -1.0 for p in range(n)],
               f"{st.player_name(live[0])} is the last clan standing", "last standing")
    elif not live:
        st.end([-1.0] * n, "no clan is left", "nobody")


def _and(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _areas(n: int) -> str:
    return f"{n} area" if n == 1 else f"{n} areas"


def end_by_areas(st: TahitiState, why: str, ended: str = "") -> None:
    """The end by areas; `ended` says what ended the game (outcomes.TURN_LIMIT, SEASON_END)."""
    count = areas_held(st)
    n = len(st.players)
    live = st.live()
    if n == 1:
        target = int(st.b.data.doc("victory")["solitaire_target"])
        won = count[0] >= target
        st.end([1.0 if won else -1.0], f"{why}: {_areas(count[0])} against a target of {target}", "solitaire", ended)
        return
    top = max(count[p] for p in live)
    best = [p for p in live if count[p] == top]
    others = sorted((count[p] for p in live if p not in best), reverse=True)
    if len(best) > 1:
        st.end([0.0 if p in best else -1.0 for p in range(n)],
               f"{why}: a draw between {_and(st.player_name(p) for p in best)} with {_areas(top)} each", "draw", ended)
        return
    lead = top - (others[0] if others else 0)
    level = st.b.data.victory_level(lead)
    st.end([1.0 if p == best[0] else -1.0 for p in range(n)],
           f"{why}: {st.player_name(best[0])} wins a {level} with {_areas(top)}", level, ended)


def total_victory(st: TahitiState, player: int, why: str) -> None:
    n = len(st.players)
    st.end([1.0 if p == player else -1.0 for p in range(n)],
           f"{st.player_name(player)} gains a Total Victory by {why}", "total victory")


def armageddon(st: TahitiState) -> None:
    st.end([-1.0] * len(st.players), "Armageddon (event 66-6): everybody dies, everybody loses", "armageddon")


@step
def game_end(st: TahitiState, why: str) -> None:
    end_by_areas(st, why)
