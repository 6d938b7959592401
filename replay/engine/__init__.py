"""The fold engine every game builds on: folding a match's events (honouring retractions), the
match-level projection, snapshots at any seq, rule options as typed data, and the Game descriptor."""
