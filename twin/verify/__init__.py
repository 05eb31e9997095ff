"""Property-based fault injection (issue 7): fault-schedule strategies, state machines over
the twin, the per-request properties, counterexample files and the ``twin verify`` runner.

The rig-side machine lives on the hardware floor (it drives real links)."""
