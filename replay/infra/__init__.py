"""What the application stands on besides the event store: opening a store from its URL, the table
secret and its tokens, output files written whole, the schema files, and the import's worker processes."""
