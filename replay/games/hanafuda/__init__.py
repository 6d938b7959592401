"""What Tensho and Sendai-hana share: fishing by suit, and yaku declared as data."""
