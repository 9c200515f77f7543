"""The engine: the compiled int tables, dealing, the play loop, settlement, games of many deals,
lead policies and the typed events of a logged deal. It imports the standard library, the core,
the mechanics and the rules, and nothing above them."""
