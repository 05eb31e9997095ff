"""cabin-twin's top floor: the ``twin`` command line, which may import every package below it.

See ``ARCHITECTURE.md`` for the floors (``latency_models`` <- ``twin`` <- ``hil`` -> ``devices``).
``hil`` is imported first (a light package ``__init__``): it sets llama.cpp's OpenMP wait
policy before any command can load the library.
"""

import hil  # noqa: F401
