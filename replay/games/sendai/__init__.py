"""Sendai."""
