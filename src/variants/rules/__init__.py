"""The rules: the one YAML reader, the JSON Schema and its strict check, the loader and the
checks a schema cannot make, where each card of a deal goes, the roles the compartments play,
and the model saved as JSON. The model they load is the mechanics' parts composed
(:mod:`variants.mechanics.ruleset`)."""
