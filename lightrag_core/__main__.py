import sys

from lightrag_core.cli import main

sys.exit(main())
