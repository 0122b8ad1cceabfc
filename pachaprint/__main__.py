"""Allow ``python -m pachaprint``."""

from pachaprint.cli import main

if __name__ == "__main__":
    main()
