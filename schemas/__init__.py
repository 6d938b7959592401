"""The committed JSON Schema files, one per event type and version, and their validators.

The files are generated from the models (``taikyoku schemas export``) and ship inside the
wheel as package data, so an installed taikyoku validates against exactly these files.

Each document is checked first by the schema compiled (``jsonschema_rs``, some fifty times the
speed of ``jsonschema`` a document: `verify` checks every stored event); one it finds invalid is
checked again by ``jsonschema``, which says why in a line, and whose verdict stands.
``tests/events/test_schemas.py`` holds the two to the same verdicts on documents broken every way.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # jsonschema loads when a document is first checked, not with every command
    import jsonschema
    from jsonschema.exceptions import ValidationError


# A game plugged in from elsewhere (``events/games.py``) keeps its events' schema files in its own
# package's ``schemas/`` folder: by the events' prefix, the package (told by the event registry).
_PLUGGED: dict[str, str] = {}


def plug(prefix: str, package: str) -> None:
    """Read the schema files of events named ``prefix.*`` from ``package``'s ``schemas/`` folder."""
    _PLUGGED[prefix] = package


def files() -> list[str]:
    """Names of the schema files that ship with this installation."""
    root = resources.files(__name__)
    return sorted(p.name for p in root.iterdir() if p.name.endswith(".json"))


@cache
def load(filename: str) -> dict[str, Any]:
    """The schema document in ``filename``; KeyError when this installation has no such file."""
    package = _PLUGGED.get(filename.split(".", 1)[0])
    root = resources.files(__name__) if package is None else resources.files(package).joinpath("schemas")
    resource = root.joinpath(filename)
    if not resource.is_file():
        raise KeyError(filename)
    document: dict[str, Any] = json.loads(resource.read_text(encoding="utf-8"))
    return document


@cache
def validator(filename: str) -> jsonschema.protocols.Validator:
    import jsonschema.validators

    document = load(filename)
    cls = jsonschema.validators.validator_for(document)
    cls.check_schema(document)
    return cls(document)


@cache
def compiled(filename: str) -> Any:
    """The schema in ``filename`` compiled (``jsonschema_rs``): a fast yes or no."""
    import jsonschema_rs

    return jsonschema_rs.validator_for(load(filename))


def first_error(filename: str, document: Any) -> str | None:
    """One line describing the most relevant violation of the schema, or None when valid."""
    try:
        fast = compiled(filename)
    except KeyError:
        return f"no schema file {filename} in this installation; reinstall taikyoku"
    try:
        if fast.is_valid(document):
            return None  # the usual case, at once; a doubt goes to jsonschema, whose word stands
    except (ValueError, TypeError, OverflowError):
        pass  # a value the compiled schema cannot take in (an integer past 64 bits): jsonschema says
    try:
        validator(filename)
    except KeyError:
        return f"no schema file {filename} in this installation; reinstall taikyoku"
    from jsonschema.exceptions import best_match

    error = best_match(validator(filename).iter_errors(document))
    return None if error is None else describe(error)


def _path(error: ValidationError) -> str:
    text = ""
    for part in error.absolute_path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "event"


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def describe(error: ValidationError) -> str:
    """Turn a jsonschema error into 'where: what is wrong; how to fix it'."""
    where = _path(error)
    schema = error.schema if isinstance(error.schema, dict) else {}
    kind = error.validator
    expected: Any = error.validator_value
    instance: Any = error.instance
    if kind == "required":
        missing = [name for name in expected if name not in instance]
        return f"{where}: missing field {missing[0]!r}; add it"
    if kind == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        extra = sorted(set(instance) - set(allowed))
        return f"{where}: unexpected field {extra[0]!r}; remove it (allowed: {', '.join(allowed)})"
    if kind == "type":
        article = "an" if str(error.validator_value)[0] in "aeiou" else "a"
        return f"{where}: {_short(error.instance)} is not of type {error.validator_value}; give {article} {error.validator_value}"
    if kind == "const":
        return f"{where}: must be {_short(error.validator_value)}, not {_short(error.instance)}"
    if kind == "enum":
        choices = ", ".join(_short(v) for v in expected)
        return f"{where}: {_short(error.instance)} is not allowed; use one of {choices}"
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"{where}: {_short(error.instance)} is out of range ({kind} {error.validator_value})"
    if kind in ("minLength", "maxLength", "minItems", "maxItems"):
        return f"{where}: {kind} is {error.validator_value}; {_short(error.instance)} does not fit"
    if kind == "pattern":
        return f"{where}: {_short(error.instance)} does not match the pattern {error.validator_value}"
    return f"{where}: {error.message}"
