"""The engine: cards, the compiled int tables, dealing, the play loop, settlement, games of many
deals, lead policies, the typed events of a logged deal, and deal files. It imports only the
standard library and the model."""
