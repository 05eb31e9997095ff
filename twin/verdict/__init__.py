"""The built-in expectations: what every run is judged on without the scenario asking.

The bench's own question (first feedback within the 100 ms budget, e2e p95 within it, every
degraded request on time) is :mod:`twin.verdict.budget`; whether the cabin did what was asked
(commands sent, confirmed, served by the rig) is :mod:`twin.verdict.actuation`; whether the run
could measure at all (real calls returned, the model worker alive) is
:mod:`twin.verdict.run_health`. :mod:`twin.verdict.builtins` gathers them: one place to add a
check. Each entry has ``name``, ``metric``, ``limit``, ``value``, ``passed``, ``builtin: true``
and the ``reason`` it exists; a loosened one carries the scenario's reason as ``loosened``.

This package is light on purpose (no imports here): the scenario model reads the budget
table at load without importing the report code.
"""
