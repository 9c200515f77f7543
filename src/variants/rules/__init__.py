"""The rules: the one YAML reader, the JSON Schema, the loader and the checks a schema cannot
make, the frozen model every later stage reads, the roles its compartments play, and the model
saved as JSON."""
