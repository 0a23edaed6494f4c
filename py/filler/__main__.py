"""Command line: ``python -m filler <command>`` (run from py/, or with PYTHONPATH=py).

Each command is a module with ``add_arguments(parser)`` and ``run(args) -> int``;
add one by adding a line to ``COMMANDS``.
"""

import argparse
import importlib
import sys

COMMANDS = {
    "bench": "filler.bench",
    "match": "filler.ai.match_command",
    "ratings": "filler.ai.ratings_command",
    "ladder": "filler.ai.ladder_command",
    "link-lengths": "filler.link_lengths",
    "puzzles": "filler.puzzles_command",
}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m filler",
                                     description="Filler (7 Colors) engine tools.")
    subcommands = parser.add_subparsers(dest="command", metavar="command", required=True)
    for name, module_name in COMMANDS.items():
        module = importlib.import_module(module_name)
        summary = (module.__doc__ or name).strip().splitlines()[0]
        sub = subcommands.add_parser(name, help=summary, description=module.__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    args = parser.parse_args(argv)
    return args.run(args) or 0


if __name__ == "__main__":
    sys.exit(main())
