"""python3 -m satcore.dask IN OUT --filter NAME [--param k=v ...]: see satcore.dask._cli."""

import sys

from ._cli import main

sys.exit(main())
