"""What games share that is built on the contracts (question kinds from rules data, ...)."""
