"""The use cases, as plain functions over a store: recording, what-if, importing, audit, simulate,
the schema files. Nothing here prints; the CLI (``replay/cli``) adapts them to a terminal."""
