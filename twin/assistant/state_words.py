"""Words of how the cabin is, as a person says it: one list of each for the rules and the fallback.

* :data:`EN_FELT`: a state felt in the cabin ("cold", "stuffy", "noisy"): "make it less cold"
  (the rules), "I'm not cold" (the fallback's here-and-now reading).
* :data:`EN_COMPARATIVES`: a way said as a comparative ("warmer", "quieter"): "I wish the music
  was louder" (the rules), "…, warmer by 2" said as a list's item (the fallback's clause reader).
* :data:`EN_MORE_LESS`: a way that asks for more or less of something ("louder", "higher",
  "less"): "and little louder" (the rules), a clause that asks for something
  (the fallback's several-command reader).
* :data:`EN_WHO_IS`: who or what is in that state, said before it ("I'm", "it is", "we're"):
  "…, and now it's roasting", "I'm sweating buckets sitting in this queue" (the rules), "I'm not
  cold" (the fallback's here-and-now reading).
* :data:`EN_LEVEL`: a three-level setting's level said as a word or digit ("two", "3", "mid",
  "max"): "both on high", "heat both seats to high".

Regex fragments (non-capturing groups), not compiled. No word of a list begins another, so the
order of a list never decides what it matches.
"""

from __future__ import annotations

__all__ = ["EN_COMPARATIVES", "EN_FELT", "EN_LEVEL", "EN_MORE_LESS", "EN_WHO_IS"]

EN_FELT = r"(?:cold|chilly|freezing|hot|warm|stuffy|loud|noisy)"
"""A state felt in the cabin, said as a complaint's adjective."""

EN_COMPARATIVES = r"(?:warmer|cooler|colder|hotter|louder|quieter|softer)"
"""A way said as a comparative of a felt state (not "higher", "lower", "more", "less")."""

EN_MORE_LESS = r"(?:louder|quieter|softer|warmer|cooler|higher|lower|more|less)"
"""A way said as more or less of something."""

EN_WHO_IS = r"(?:i'?m|i am|it'?s|it is|we'?re|we are)"
"""The speaker, the speakers or the cabin said to be in a state."""

EN_LEVEL = r"(?:one|two|three|[123]|low|medium|mid|high|max)"
"""A level of a three-level setting (the seats' heat), as :mod:`twin.assistant.ellipsis`
reads it."""
