"""Running the CLI: one line on stderr for every error, the exit code from the contract
(``replay/cli/exit_codes.py``), never a traceback. The commands register themselves on ``app``
when ``replay.cli`` imports them; this module imports none of them, so a command may run another.
"""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING

import typer

from events.errors import TaikyokuError
from replay.cli.app import app
from replay.cli.display import one_line
from replay.cli.exit_codes import EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_USAGE, exit_code_for

if TYPE_CHECKING:
    from typer._click.core import Context


def _fail(message: str, code: int) -> int:
    from events import interrupts

    if code != EXIT_INTERRUPTED and interrupts.seen():  # a library made the interrupt an error of its own
        message, code = interrupts.said(), EXIT_INTERRUPTED
    sys.stderr.write(f"taikyoku: error: {one_line(message)}\n")
    return code


def run(args: list[str] | None = None, *, interruptible: bool = False) -> int:
    """Run the CLI and return its exit code; never lets a traceback out. With ``interruptible``
    (the ``taikyoku`` command itself), Ctrl-C raises KeyboardInterrupt while the command runs."""
    from events import interrupts

    put_back = interrupts.watch()  # Ctrl-C raised, and remembered whatever a library makes of it
    try:
        return _run(args)
    finally:
        if not interruptible:  # in-process (a test, a program): what it had is put back
            put_back()


def _run(args: list[str] | None) -> int:
    command = typer.main.get_command(app)
    try:
        result = command.main(args=args, prog_name="taikyoku", standalone_mode=False)
        sys.stdout.flush()  # here, so that a full disk is said in one line, not at the interpreter's exit
    except TaikyokuError as exc:
        if exc.rule_broken:  # say which rule, by its stable code
            return _fail(f"{exc.message} [{exc.code}]", exit_code_for(exc))
        return _fail(exc.message, exit_code_for(exc))
    except (KeyboardInterrupt, EOFError):
        return _fail(_interrupted(), EXIT_INTERRUPTED)
    except BrokenPipeError:
        return 0
    except OSError as exc:
        return _os_error(exc)
    except UnicodeError as exc:
        if "surrogates not allowed" in str(exc):  # argv bytes that were not UTF-8, kept as surrogates
            return _fail("a value given holds bytes that are not UTF-8 text; type it again in UTF-8", EXIT_USAGE)
        return _cli_error(exc)
    except Exception as exc:
        return _cli_error(exc)
    if result == EXIT_INTERRUPTED:  # typer turns a Ctrl-C into this exit code, and says nothing
        return _fail(_interrupted(), EXIT_INTERRUPTED)
    return result if isinstance(result, int) else 0


def _interrupted() -> str:
    from events import interrupts

    return interrupts.said()


def _os_error(exc: OSError) -> int:
    """What the system refused, where no command said it in its own words first."""
    import errno

    name = exc.filename if isinstance(exc.filename, str) else None
    shown = f"{name[:60]}...({len(name)} characters)" if name and len(name) > 80 else name
    if exc.errno == errno.ENAMETOOLONG:
        return _fail(
            f"the file name {shown!r} is too long (a name holds at most 255 bytes, a path 4096); choose a shorter one",
            EXIT_USAGE,
        )
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        where = shown or "the output"
        return _fail(f"the disk is full: {where} could not be written whole; free some space and run it again",
                     EXIT_USAGE)  # fmt: skip
    if exc.errno in (errno.EACCES, errno.EPERM) and shown:
        return _fail(f"permission denied for {shown}; choose a file you may use", EXIT_USAGE)
    return _cli_error(exc)


def _cli_error(exc: Exception) -> int:
    """Errors of the command-line parser (the copy of click typer carries), by their types."""
    from pydantic import ValidationError
    from typer._click.exceptions import ClickException, NoArgsIsHelpError, NoSuchOption, UsageError
    from typer.exceptions import Abort, Exit

    if isinstance(exc, ValidationError):
        from events.ingest import describe_pydantic  # a value typed that no event may hold

        return _fail(describe_pydantic(exc, root=""), EXIT_USAGE)
    ctx: Context | None = exc.ctx if isinstance(exc, UsageError) else None
    if isinstance(exc, NoArgsIsHelpError) and ctx is not None:
        sys.stdout.write(ctx.get_help() + "\n")
        return 0
    if isinstance(exc, Exit):
        return int(exc.exit_code)
    if isinstance(exc, Abort):
        return _fail(_interrupted(), EXIT_INTERRUPTED)
    if isinstance(exc, ClickException):
        message = _our_words(" ".join(str(exc.format_message()).split()))
        if isinstance(exc, NoSuchOption) and exc.option_name == "-o" and ctx is not None and _takes_option(ctx):
            # -o means --output everywhere; older notes wrote rule options with it.
            message = "-o means --output; give a rule option as --option NAME=VALUE (or -O NAME=VALUE)"
        if ctx is not None:
            name = ctx.command_path.replace("taikyoku", "").strip()
            message += f" (see 'taikyoku {name} --help')" if name else " (see 'taikyoku --help')"
        return _fail(message, int(exc.exit_code) or EXIT_USAGE)
    # A bug: say so in one line, never a traceback.
    return _fail(f"internal error ({type(exc).__name__}: {exc}); please report it", EXIT_INTERNAL)


# typer checks a number's type and range through pydantic: say what it found in our words.
_PARSER_WORDS = (
    (re.compile(r"Input should be a valid integer, unable to parse string as an integer"), "give a whole number"),
    (re.compile(r"Input should be less than or equal to (\S+)"), r"it may be at most \1"),
    (re.compile(r"Input should be greater than or equal to (\S+)"), r"it must be at least \1"),
    (re.compile(r"Input should be less than (\S+)"), r"it must be below \1"),
    (re.compile(r"Input should be greater than (\S+)"), r"it must be above \1"),
)


def _our_words(message: str) -> str:
    for pattern, words in _PARSER_WORDS:
        message = pattern.sub(words, message)
    return message


def _takes_option(ctx: Context) -> bool:
    """Whether the command being parsed has a --option flag."""
    return any("--option" in param.opts for param in ctx.command.params)
