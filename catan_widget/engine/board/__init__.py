"""The board: its fixed topology (hexes, intersections, paths and harbors by id) and its
layouts (the beginner map, a random map, a board of your own).

Nothing here knows a rule or a player: the rules (:mod:`catan_widget.engine.rules`) read it.
"""
