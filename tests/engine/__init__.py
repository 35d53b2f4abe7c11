"""Engine-wide tests: the ledger, the command notation and the random-play state machine."""
