"""The SimPy digital twin: pipeline, workloads, the assistant under test, metrics, reports.

Imports no hardware library; real backends are bound into stage slots from
the floor above (see ARCHITECTURE.md).
"""
