"""Telling a deal: the table of phrases, the narration in prose, the replay's steps and the
results of a deal or a game."""
