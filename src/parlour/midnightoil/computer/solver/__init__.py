"""The Midnight Oil solver: plans, hints, "can this deal still be won?" and auto-solve.

The solver plays fair (spec §8, issue 6): it searches the cards on the table
(all face up), but a redeal is to it an unknown shuffle. It never applies a
redeal to look at the result; between phases it judges end states by
tables measured on shuffles of its own (:mod:`.middle`; the older
profiles sample near ties, :mod:`.value`). Its decisions depend
only on the position and its seed, never on the deal number, so two
positions that look the same on the table get the same plan.

A plan for the current phase (:func:`.planner.plan`) searches every position
reachable before the next redeal (:mod:`.search`): it wins the phase
if it can (without the draw if possible); otherwise, in the last deal, it
gets the most cards home; with a redeal left, it chooses, among the end
states where no card can go home and no build leads to one (issue 39,
:mod:`.reach`), the one with the best estimated chance of winning,
plays the line to it and redeals. The searches have node limits, so no
position runs away; past a limit the plan uses the best end states found so
far and says it is not complete.

The rooms: :mod:`.planner` (the plan and the hint), :mod:`.verdict` (can the deal
still be won?), :mod:`.auto` (auto-solve), :mod:`.search` (the phase search on a
compact position of its own), :mod:`.reach` (is a card within reach of home?),
:mod:`.value`, :mod:`.model` and :mod:`.middle` (judging end states before a
redeal). Nothing is imported here: the app loads the solver on its first use.
"""
