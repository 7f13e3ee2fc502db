"""``python -m newstrace``: the same command line as the ``newstrace`` console script."""

from newstrace.cli import main

main()
