"""Journal tests: durability, resume, undo, export and the crash test."""
