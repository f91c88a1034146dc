"""Numbers in words: the one way a chance, a mean, a fraction or a count is written, in a step,
a sentence, a headline, a table or a hover.

Part of the engine's ground floor (standard library only), because the engine writes its steps
with them; the pages and the figures write the rest of their words with the same functions.

>>> chance_text(Fraction(1, 16)), chance_text(Fraction(3, 16)), chance_text(Fraction(2, 3) ** 20)
('1/16 (6.3%)', '3/16 (18.8%)', '<0.1%')
>>> percent(1 - Fraction(1, 6) ** 20), percent(Fraction(1, 10**9))
('>99.9%', '<0.1%')
>>> fraction_text(Fraction(2, 3) ** 50), fraction_text(1 - Fraction(1, 3) ** 80)
('≈1.56833e-09', '≈1 − 6.7655e-39')
"""

from __future__ import annotations

from decimal import Context
from fractions import Fraction

__all__ = [
    "MAX_FRACTION_CHARS",
    "SHORT_FRACTION_CHARS",
    "chance_text",
    "count_text",
    "exact_chance_text",
    "exactly_text",
    "faces_of_six",
    "fraction_text",
    "mean_text",
    "number_text",
    "percent",
    "ratio_text",
    "short_fraction",
]

#: The longest exact fraction a table or a hover shows. A longer one is
#: shown as "≈" and its decimal (the CSV downloads keep every fraction whole).
MAX_FRACTION_CHARS = 40


def percent(p: Fraction) -> str:
    """A chance as a percentage with one decimal, rounded half up from the exact value (never
    through a float). A chance that is neither 0 nor 1 never shows as 0.0% or 100.0%."""
    return _percent(p.numerator, p.denominator)


def _percent(n: int, d: int) -> str:
    tenths = (2000 * n + d) // (2 * d)  # floor(1000 n/d + 1/2), in whole numbers
    if tenths == 0 < n:
        return "<0.1%"
    if tenths == 1000 and n < d:
        return ">99.9%"
    return f"{tenths // 10}.{tenths % 10}%"


def fraction_text(p: Fraction) -> str:
    """The exact fraction in lowest terms, or "≈" and its decimal when it is longer than
    :data:`MAX_FRACTION_CHARS`."""
    n, d = p.numerator, p.denominator
    # A b-bit number has more than 0.3 (b - 1) digits: past 140 bits in all, the text is too long.
    if n.bit_length() + d.bit_length() <= 140 and len(exact := f"{n}/{d}" if d != 1 else f"{n}") <= MAX_FRACTION_CHARS:
        return exact
    return _approximately(n, d)


def _approximately(n: int, d: int) -> str:
    """``≈`` and six significant digits of n/d; ``≈1 − …`` when six digits would round to 1."""
    if 2 * n > d and _significant(n, d) == "1":
        return f"≈1 − {_significant(d - n, d)}"
    return f"≈{_significant(n, d)}"


def _significant(n: int, d: int) -> str:
    """n/d to six significant digits. A float division of whole numbers is correctly rounded and
    quick; a chance too small for a float (under 1e-300) goes through Decimal."""
    x = n / d
    return format(x, ".6g") if x > 1e-300 else format(Context(prec=6).divide(n, d), ".6g")


#: The longest exact fraction a sentence, a help text or a headline shows beside its percentage
#: (a metric cuts a longer one off, and a person reads the percentage anyway). Longer ones are
#: written out only in the tables, the hover and the CSV.
SHORT_FRACTION_CHARS = 12


def short_fraction(x: Fraction) -> str:
    """The exact fraction of ``x`` when it is short enough for a sentence
    (:data:`SHORT_FRACTION_CHARS`), else ``""``. The one rule every page's words follow.

    >>> short_fraction(Fraction(11, 32)), short_fraction(Fraction(42681281, 43046721)), short_fraction(Fraction(3))
    ('11/32', '', '3')
    """
    text = fraction_text(x)
    return text if len(text) <= SHORT_FRACTION_CHARS and not text.startswith("≈") else ""


def chance_text(p: Fraction) -> str:
    """A chance as every sentence, help text and headline writes it: ``1/12 (8.3%)``, or the
    percentage alone when the exact fraction is long (:func:`short_fraction`).

    >>> chance_text(Fraction(11, 32)), chance_text(Fraction(42681281, 43046721))
    ('11/32 (34.4%)', '99.2%')
    """
    short = short_fraction(p)
    return f"{short} ({percent(p)})" if short else percent(p)


def exact_chance_text(p: Fraction) -> str:
    """A chance in full, for a table or a chart's hover: the exact
    fraction (or "≈" and its decimal past :data:`MAX_FRACTION_CHARS`) and the percentage."""
    return f"{fraction_text(p)} ({percent(p)})"


def exactly_text(x: Fraction) -> str:
    """A value in full for a hover or a table: ``exactly 5/3``, or ``≈`` and its decimal when the
    fraction is too long (never "exactly ≈").

    >>> exactly_text(Fraction(5, 3)), exactly_text(Fraction(2, 3) ** 50)
    ('exactly 5/3', '≈1.56833e-09')
    """
    text = fraction_text(x)
    return text if text.startswith("≈") else f"exactly {text}"


def mean_text(value: Fraction) -> str:
    """An expected number (of models, of wounds) in a sentence: the exact fraction when it is short,
    with the number as every page writes it (``5/3 (1.67)``), else the number alone (``1.67``).

    >>> mean_text(Fraction(5, 3)), mean_text(Fraction(4)), mean_text(Fraction(803666, 1000001))
    ('5/3 (1.67)', '4', '0.80')
    """
    if value.denominator == 1:
        return str(value.numerator)
    short = short_fraction(value)
    return f"{short} ({number_text(value)})" if short else number_text(value)


def ratio_text(n: int, d: int) -> str:
    """``exact_chance_text(Fraction(n, d))`` for a chance given as whole numbers not yet in lowest terms,
    without reducing a long one: the gcd of two 2,000-bit numbers is most of the cost of drawing
    a 1,000-shot distribution, and its text is an approximation anyway."""
    if n.bit_length() + d.bit_length() <= 400 or n in (0, d):
        return exact_chance_text(Fraction(n, d))
    return f"{_approximately(n, d)} ({_percent(n, d)})"


def faces_of_six(n: int) -> str:
    """How many faces of a D6 succeed, in words: ``"1 face of 6"``, ``"3 faces of 6"``."""
    return f"{n} face of 6" if n == 1 else f"{n} faces of 6"


def number_text(x: Fraction | int, places: int = 2, over: int = 1) -> str:
    """A number (a mean, a count on average) as every page, figure, CSV and step writes it:
    ``places`` decimals, rounded from the exact value ``x / over`` (never through a float), an
    exact half away from zero. ``over`` (positive) lets a table pass whole-number weights without reducing
    a long fraction first.

    >>> number_text(Fraction(1, 8)), number_text(Fraction(5, 3)), number_text(Fraction(-1, 8))
    ('0.13', '1.67', '-0.13')
    >>> number_text(Fraction(1, 3), 0), number_text(Fraction(1, 2), 0), number_text(7, 1), number_text(1, 3, over=6)
    ('0', '1', '7.0', '0.167')
    """
    x = Fraction(x)
    n, d = x.numerator, x.denominator * over
    scale = 10**places
    units = (2 * abs(n) * scale + d) // (2 * d)  # floor(|x| * 10^places + 1/2), in whole numbers
    sign = "-" if n < 0 and units else ""
    whole, part = divmod(units, scale)
    return f"{sign}{whole}.{part:0{places}d}" if places else f"{sign}{whole}"


def count_text(count: object, noun: str, plural: str = "") -> str:
    """A count and its noun, singular for exactly one: ``1 shot``, ``2 shots``, ``D6 shots``.
    ``plural`` is the noun's plural when it is not the noun and an s.

    >>> count_text(1, "shot"), count_text(3, "hit"), count_text("D6", "shot"), count_text(1, "model", "models")
    ('1 shot', '3 hits', 'D6 shots', '1 model')
    """
    one = str(count) in ("1", "-1")
    return f"{count} {noun if one else plural or noun + 's'}"
