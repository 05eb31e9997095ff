"""The assistant under test: plain Python decision logic (no SimPy, no I/O).

The same code runs in simulated time (the twin) and in wall-clock time (the real-time runtime
on the hardware floor).
"""
