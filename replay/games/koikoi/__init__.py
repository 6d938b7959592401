"""Koi-koi."""
