"""Boards: hex, square and named-space grids, adjacency, movement search, sight and geometry."""
