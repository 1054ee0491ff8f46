"""Choices by hand on the playtest map: a click picks a hex (its stack fills the stack panel, where its
pieces can go lights up), a second click on a lit hex plays that move, and a click anywhere else lets
the stack go (a stray click never leaves it picked for a later one); dragging a stack to a lit hex
is the same two clicks. Several moves to one hex (move or paddle, retreat toward…) are offered in a
menu, in the game's words.

Mixed into PlaytestWindow; it reads the window's session, map item, stack panel and seats.
"""
from __future__ import annotations

from PySide6.QtWidgets import QMenu

from ..canvas.map_item import Overlay


class ClickMixin:
    def _human_to_move(self) -> bool:
        state = self.session.state
        return (not state.is_terminal() and self.seat(state.current_player()) == "human" and not self.curtain.down
                and not self._thinking)

    def click_cell(self, cell: int | None) -> None:
        """First click picks a cell: its stack shows in the stack panel, and where its pieces can go,
        what they can see and what they can attack or fire at light up; a second click on a lit
        target plays that move."""
        state = self.session.state
        if cell is None:
            return
        self.stack_cell = cell
        self.refresh_stack_panel()
        if not self._human_to_move():
            return
        moves = [(a, *state.action_cells(a)) for a in state.legal_actions()]
        if self.selected_cell is not None:
            chosen = [a for a, src, dst in moves if src in (self.selected_cell, None) and dst == cell]
            if chosen and cell != self.selected_cell:
                self._choose(chosen)
                return
            self.deselect()  # a hex the picked stack cannot go to lets it go: a later click never moves it
        sources = [(a, dst) for a, src, dst in moves if src == cell and dst is not None]
        direct = [a for a, src, dst in moves if src is None and dst == cell]
        if direct and not sources:  # a target (a square to fire at, a hex to retreat toward): play it
            self._choose(direct)
            return
        if sources or self.map_item.stack_faces(cell):
            self.selected_cell = cell
            self.map_item.set_selection(cells={cell})
            self.map_item.set_overlay(self.reach_overlay(cell, moves))

    def deselect(self) -> None:
        """No stack picked: nothing lit, and the next click picks afresh."""
        self.selected_cell = None
        self.map_item.set_selection(cells=set())
        self.map_item.set_overlay(Overlay())

    def drop_cell(self, pressed: int | None, cell: int | None) -> None:
        """A drag from `pressed` (whose stack the press picked) let go over `cell`: the stack goes there,
        as a second click would send it (and a hex it cannot go to lets it go)."""
        if cell is not None and cell != pressed and pressed is not None and self.selected_cell == pressed:
            self.click_cell(cell)

    def reach_overlay(self, cell: int, moves) -> Overlay:
        """Targets of the legal actions from (or, for games that name only targets, available at) a cell;
        those holding another side's pieces are attacks; and the cells in sight from it."""
        state = self.view_state()
        targets = {dst for a, src, dst in moves if dst is not None and (src == cell or src is None)}
        mine = {side for c, _, side in state.markers() if c == cell}
        enemy_cells = {c for c, _, side in state.markers() if side is not None and side not in mine}
        attack = targets & enemy_cells
        seen: set[int] = set()
        if self.scenario.grid.shape != "spaces":
            sight = self.rules.sight(self.scenario)
            seen = {c for c in range(self.scenario.grid.size) if c != cell and sight.visible(cell, c)}
        return Overlay(cells={t: "" for t in targets - attack}, color="#2ca02c", attack=attack, seen=seen)

    def _choose(self, actions: list[int]) -> None:
        if len(actions) == 1:
            self.human_action(actions[0])
            return
        menu = QMenu(self)
        menu.setObjectName("playtestChoiceMenu")
        for a in actions:
            act = menu.addAction(self.presenter.action_text(self.session.state, a))
            act.setData(a)
            act.triggered.connect(lambda _=False, x=a: self.human_action(x))
        self.choice_menu = menu
        menu.popup(self.cursor().pos())

    # --- the stack panel ---------------------------------------------------------------------------
    def _stack_choice(self):
        return self.presenter.stack_choice(self.session.state) if self._human_to_move() else None

    def refresh_stack_panel(self) -> None:
        """The stack of the hex picked (or of the hex whose units are being picked), with what can be
        done there by hand."""
        choice = self._stack_choice()
        if choice is not None and choice.get("cell") is not None:
            self.stack_cell = choice["cell"]
        cell = self.stack_cell
        if cell is None:
            self.stack_panel.show_stack(None, "", [], {}, [], None, None)
            return
        view = self.view_state()
        faces = {f.piece: f for f in self.map_item.stack_faces(cell)}
        units = self.presenter.stack_units(view, cell)
        if units is not None:
            by_uid = {u["uid"]: faces.get(f"u{u['uid']}") for u in units}
            for u in units:
                u["owner"] = view.player_name(u["player"])
        else:
            units = [{"uid": f.piece, "kind": f.label, "name": f.label + (f" {f.bottom}" if f.bottom else "")}
                     for f in faces.values()]
            by_uid = {f.piece: f for f in faces.values()}
        actions: list[tuple[int, str]] = []
        done = None
        if self._human_to_move():
            state = self.session.state
            legal = state.legal_actions()
            actions = [(a, self.presenter.action_text(state, a)) for a in legal if state.action_cells(a) == (cell, None)]
            if choice is not None:
                rest = [a for a in legal if a not in choice.get("take", {})]
                done = (rest[0], self.presenter.action_text(state, rest[0])) if rest else None
        self.stack_panel.show_stack(cell, self.scenario.label(cell), units, by_uid, actions, choice, done)

    def picked_faces(self) -> list:
        """The counters picked so far while units are being chosen (drawn with the selection's edge)."""
        choice = self._stack_choice() if self.session is not None else None
        if not choice:
            return []
        picked = {f"u{uid}" for uid in choice.get("picked", [])}
        return [f for f in self.map_item.stack_faces(choice.get("cell")) if f.piece in picked]
