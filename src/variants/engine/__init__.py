"""The engine: the compiled int tables, dealing, the play loop, settlement, games of many deals,
lead policies and the typed events of a logged deal. It imports the standard library, the core,
the mechanics and the rules, and nothing above them."""

VERSION = 1
"""The engine's version, as the figures it plays depend on it: raised whenever a change to the
engine or a mechanic changes what any deal comes to, so that the figures the project's store and
the caches hold, played by an earlier engine, are played again (:mod:`variants.analysis.store`,
:mod:`variants.site.stats_runs`). The suite plays a sample of the store again and fails on any
difference, which is how a change that forgets to raise it is found."""
