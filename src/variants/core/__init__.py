"""The core vocabulary every layer may use, and which imports nothing of the project's but
itself: cards, words, citations, the checks' findings, what is not visible text, the one reader
and the one writer of files, and the settings."""
