"""The browser the page tests drive is in tests/conftest.py (the web tests use it too)."""
