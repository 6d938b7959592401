"""Riichi."""
