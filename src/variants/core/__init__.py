"""The core vocabulary every layer may use."""
