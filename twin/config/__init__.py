"""Typed configuration: strict pydantic models of scenario and rig files, parsed once.

:mod:`twin.config.base` holds the strict base model, the constrained number types and the
conversion of validation errors into one-line :class:`twin.errors.InputError` messages.
"""
