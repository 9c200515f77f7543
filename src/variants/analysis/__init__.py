"""Analysis: many deals or games played and counted. :mod:`.tallies` (what is counted),
:mod:`.bulk` (the simulator's fast tally), :mod:`.chunks` (a run's seeded chunks, each played
alone), :mod:`.runner` (the chunks shared out over worker processes) and :mod:`.reports` (a
run's figures, typed, and their JSON)."""
