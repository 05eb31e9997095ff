"""Real backends bound into the twin: llama.cpp engine, CAN/serial links, rigs, lockstep.

Importing ``hil`` sets ``OMP_WAIT_POLICY=PASSIVE`` unless the user set it: llama.cpp's OpenMP
threads otherwise spin at every barrier, and when anything else wants the cores (the lockstep
thread, ECU twins, a second model call, another job) a spinning thread waits for a descheduled
one at each of the hundreds of barriers per forward pass. Measured on 2 cores with one other
busy process: 15 tokens took 11.6-15.5 s spinning and 0.21-0.32 s passive. It must be set
before llama.cpp's library is loaded (``import llama_cpp``), so it lives here, at the floor's
entrance, and the CLI imports this package first.
"""

import os

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
