"""Tensho."""
