"""cabin-twin's top floor: the ``twin`` command line, which may import every package below it.

See ``ARCHITECTURE.md`` for the floors (``latency_models`` <- ``twin`` <- ``hil`` -> ``devices``).
"""
