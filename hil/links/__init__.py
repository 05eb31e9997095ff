"""CAN/serial link plumbing on the host: trace recorder, bus faults, signal-safe exits."""
