"""The served pages and JSON API (``taikyoku serve``): an adapter over the application core, beside the CLI."""
