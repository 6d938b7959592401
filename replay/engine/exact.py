"""Exact results: a match's final result is a decimal of the ruleset's precision (in thousands
of points, whole or to a tenth as the ruleset says), added up without drift.

In Python a result is a ``Decimal`` whose exponent is its precision (``Decimal("43")``,
``Decimal("19.6")``, ``Decimal("20.0")``), so a sum keeps the finest precision it added. In JSON it
is carried as a number written exactly so (``43``, ``19.6``, ``20.0``): an int where whole, else a
float of at most one decimal, whose shortest text is that decimal; ``exact`` reads it back unchanged.
"""

from __future__ import annotations

from decimal import Decimal


def exact(value: object) -> Decimal:
    """A result as an exact decimal, from an int, a Decimal, or a JSON number carried as a float."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise TypeError(f"not a result: {value!r}")
    return Decimal(str(value))  # a float's shortest text is the decimal it carries (19.6, not 19.600000000000001)


def carried(value: Decimal) -> int | float:
    """The JSON number that carries ``value`` exactly: an int at precision 0, else a float."""
    if value == 0:
        value = abs(value)  # no "-0.0" in a document
    if value.as_tuple().exponent == 0:
        return int(value)
    return float(value)


def signed(value: object) -> str:
    """A result as shown: its sign always, its precision as kept (``+43``, ``-19.6``, ``0.0``)."""
    number = exact(value)
    if number == 0:
        return str(abs(number))
    return f"{number:+}"
