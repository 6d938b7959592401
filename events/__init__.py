"""The vocabulary: what can happen at a table. Pure data and validation, no I/O."""
