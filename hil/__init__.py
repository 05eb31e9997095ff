"""Real backends bound into the twin: llama.cpp engine, CAN/serial links, rigs, lockstep."""
