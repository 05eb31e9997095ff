"""Words about the saying, not the cabin: one list of each for the rules and the fallback.

* :data:`EN_HESITATIONS`, :data:`ZH_HESITATIONS`: a sound made while thinking ("um", "erm",
  "嗯", "呃"), read away wherever the readers meet it. Readers that also drop other fillers
  ("like", "you know", "啊", "那个") name those beside the list.

Regex fragments (non-capturing groups), not compiled; :mod:`twin.assistant.colloquial`,
:mod:`twin.assistant.phrasing`, :mod:`twin.assistant.shapes`, :mod:`twin.assistant.ellipsis`,
:mod:`twin.assistant.nlu`, :mod:`hil.llm.clauses` and :mod:`hil.llm.corrections` import them.
"""

from __future__ import annotations

__all__ = ["EN_HESITATIONS", "ZH_HESITATIONS"]

EN_HESITATIONS = r"(?:um+|uh+|er+|erm+|uhm+)"
"""A hesitation said in English, its sound held or not ("um", "ummm", "uhh", "erm")."""

ZH_HESITATIONS = r"(?:嗯+|呃+|额+)"
"""A hesitation said in Chinese ("嗯", "呃呃", "额")."""
