"""The built-in real stage backends, one module each (registered with
:func:`hil.backends.stage_backend`; :mod:`hil.backends` imports every module here)."""
