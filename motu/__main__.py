import sys

from motu.cli import main

sys.exit(main())
