"""Analysis: the simulator's fast tally, the seeded runner with its worker processes, and the
reports printed from a simulation."""
