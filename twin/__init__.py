"""The SimPy digital twin: pipeline, workloads, the assistant under test, metrics, reports, CLI.

Imports no hardware library; real backends are bound into stage slots by :mod:`hil`.
"""
