"""``python -m cabin_twin`` is the ``twin`` command."""

import sys

from cabin_twin.cli.main import main

sys.exit(main())
