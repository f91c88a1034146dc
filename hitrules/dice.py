"""Exact distributions of the number of hits, from a fixed or rolled number of attacks.

Every chance is a :class:`fractions.Fraction`. A distribution keeps integer weights over
one common denominator, so building one needs no fraction arithmetic at all; fractions are
made only when a value is read.

>>> d = hits("D3", Fraction(1, 2))
>>> d[0], d.at_least(1), d.mean
(Fraction(7, 24), Fraction(17, 24), Fraction(1, 1))
>>> (hits(1, Fraction(1, 2)) + hits(1, Fraction(1, 3))).items()
((0, Fraction(1, 3)), (1, Fraction(1, 2)), (2, Fraction(1, 6)))
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate
from numbers import Rational

__all__ = [
    "MAX_ATTACKS",
    "MAX_DICE",
    "REROLLS",
    "AttackDice",
    "Distribution",
    "convolve",
    "d6_faces",
    "hits",
    "parse_attacks",
    "reroll_chance",
    "reroll_ways",
    "total",
]

#: The most attacks one dice expression (or one sum of distributions) may produce. A unit
#: of 200 models with 5 shots each stays well inside; anything bigger is almost certainly
#: a typo, and would make the page slow for everyone.
MAX_ATTACKS = 1000

#: The most dice one attacks expression may roll (``50D6`` at most): mixing over every
#: result of many dice costs far more than a fixed number of attacks.
MAX_DICE = 50

#: Dice that attack profiles use.
DICE_SIDES = (3, 6)

_DICE_TEXT = re.compile(r"^(\d*)d(\d+)(?:\+(\d+))?$")
_PLAIN_NUMBER = re.compile(r"^\d+$")


@dataclass(frozen=True)
class AttackDice:
    """A number of attacks: ``count`` dice of ``sides`` sides plus ``bonus`` (``2D3+2``).

    A fixed number of attacks is ``count=0`` with the number in ``bonus``. It checks itself,
    however it is made:

    >>> AttackDice(1, 4, 0)
    Traceback (most recent call last):
    ...
    ValueError: '1D4': attacks are rolled on a D3 or a D6, not a D4.
    """

    count: int
    sides: int
    bonus: int

    def __post_init__(self) -> None:
        for name in ("count", "sides", "bonus"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"The number of attacks needs whole numbers (got {name}={value!r}).")
        shown = str(self.bonus)
        if self.count:
            shown = f"{self.count}D{self.sides}" + (f"+{shown}" if self.bonus else "")
        if self.count < 0 or self.bonus < 0:
            raise ValueError(f"{shown!r}: the number of attacks cannot be negative.")
        if self.sides not in DICE_SIDES:
            raise ValueError(f"{shown!r}: attacks are rolled on a D3 or a D6, not a D{self.sides}.")
        if self.count > MAX_DICE:
            raise ValueError(f"{shown!r} rolls too many dice: the most is {MAX_DICE}.")
        if self.maximum > MAX_ATTACKS:
            raise ValueError(f"{shown!r} is too many attacks: the most is {MAX_ATTACKS}.")

    @property
    def minimum(self) -> int:
        return self.count + self.bonus if self.count else self.bonus

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.bonus

    @property
    def mean(self) -> Fraction:
        """The expected number of attacks."""
        return Fraction(self.count * (self.sides + 1), 2) + self.bonus

    def weights(self) -> tuple[int, ...]:
        """Ways of rolling each number of attacks 0..maximum, out of ``sides ** count``."""
        ways = [1]
        for _ in range(self.count):
            rolled = [0] * (len(ways) + self.sides)
            for total_so_far, w in enumerate(ways):
                if w:
                    for face in range(1, self.sides + 1):
                        rolled[total_so_far + face] += w
            ways = rolled
        return (0,) * self.bonus + tuple(ways[: self.maximum - self.bonus + 1])

    def __str__(self) -> str:
        if not self.count:
            return str(self.bonus)
        dice = f"{self.count if self.count > 1 else ''}D{self.sides}"
        return f"{dice}+{self.bonus}" if self.bonus else dice


def parse_attacks(attacks: int | str | AttackDice) -> AttackDice:
    """Read a number of attacks: an int, or text such as ``"7"``, ``"D6"``, ``"2D3+2"``.

    Case and spaces do not matter. Anything else raises a :class:`ValueError` that says
    what was expected.

    >>> parse_attacks(" 2d3 + 2 ")
    AttackDice(count=2, sides=3, bonus=2)
    """
    if isinstance(attacks, AttackDice):
        return attacks
    if isinstance(attacks, int) and not isinstance(attacks, bool):
        return AttackDice(0, 6, attacks)
    if not isinstance(attacks, str):
        raise ValueError(f"The number of attacks must be a number or dice such as D6 (got {attacks!r:.30}).")
    shown = attacks if len(attacks) <= 20 else attacks[:20] + "…"
    text = "".join(attacks.split()).lower()
    if not text:
        raise ValueError("Enter a number of attacks, such as 10, D6, 2D6 or D6+1.")
    if _PLAIN_NUMBER.match(text):
        if len(text) > 6:
            raise ValueError(f"{shown!r} is too many attacks: the most is {MAX_ATTACKS}.")
        return AttackDice(0, 6, int(text))
    match = _DICE_TEXT.match(text)
    if not match or len(text) > 12:
        raise ValueError(
            f"{shown!r} is not a number of attacks. Write a number (10) or dice such as D3, D6, "
            "2D6 or D6+1."
        )
    count = int(match[1]) if match[1] else 1
    if count == 0:
        raise ValueError(f"{shown!r}: roll at least one dice (write D6, not 0D6).")
    return AttackDice(count, int(match[2]), int(match[3] or 0))


def d6_faces(need: int | None) -> tuple[int, ...]:
    """The natural results of one D6 that roll ``need`` or more, a natural 1 always failing: the one
    rule of every X+ roll (to hit, to wound, to save, Feel No Pain). None, or more than 6, is none.

    >>> d6_faces(4), d6_faces(1), d6_faces(7), d6_faces(None)
    ((4, 5, 6), (2, 3, 4, 5, 6), (), ())
    """
    return () if need is None else tuple(range(max(need, 2), 7))


#: The re-rolls of a D6 roll, in both rule sets: none, natural 1s, or every failed roll.
REROLLS = ("none", "ones", "failed")


def reroll_ways(faces: tuple[int, ...], reroll: str = "none", sixes: bool = False) -> tuple[int, int]:
    """Out of 36: the ways one D6 roll succeeds with a die other than a natural 6, and with a natural 6
    (the die that stands), when the natural results ``faces`` succeed. ``reroll`` (one of
    :data:`REROLLS`) re-rolls a natural 1 or every failure; ``sixes`` forces a natural 6 to be re-rolled
    (the target's rule). A re-rolled die stands: the one re-roll rule of every stage.

    >>> reroll_ways(d6_faces(4), "ones"), reroll_ways(d6_faces(4), "failed"), reroll_ways(d6_faces(3), sixes=True)
    ((14, 7), (18, 9), (21, 1))
    """
    kept = sum(f != 6 for f in faces), int(6 in faces)  # the faces a new die succeeds on, by kind
    other = six = 0
    for face in range(1, 7):
        if (face == 6 and sixes) or (face not in faces and (reroll == "failed" or (reroll == "ones" and face == 1))):
            other, six = other + kept[0], six + kept[1]
        elif face in faces:
            other, six = (other, six + 6) if face == 6 else (other + 6, six)
    return other, six


def reroll_chance(faces: tuple[int, ...], reroll: str = "none") -> Fraction:
    """The chance one D6 roll succeeds when ``faces`` succeed, with the re-roll ``reroll`` (see
    :func:`reroll_ways`).

    >>> reroll_chance(d6_faces(3), "ones"), reroll_chance(d6_faces(3), "failed")
    (Fraction(7, 9), Fraction(8, 9))
    """
    other, six = reroll_ways(faces, reroll)
    return Fraction(other + six, 36)


def _as_chance(p: object) -> Fraction:
    """A chance from 0 to 1 as an exact fraction; a float is read as the decimal it prints as."""
    if isinstance(p, bool) or not isinstance(p, (Rational, float, str)):
        raise ValueError(f"The chance to hit must be a number from 0 to 1 (got {p!r}).")
    try:
        chance = Fraction(str(p)) if isinstance(p, (float, str)) else Fraction(p)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"The chance to hit must be a number from 0 to 1 (got {p!r}).") from None
    if not 0 <= chance <= 1:
        raise ValueError(f"The chance to hit must be from 0 to 1 (got {chance}).")
    return chance


class Distribution:
    """The exact chance of each number of hits: ``dist[k]`` is P(exactly k hits).

    Immutable. ``a + b`` is the distribution of the sum of two independent counts (split
    fire, or several weapons).
    """

    __slots__ = ("_den", "_num")

    def __init__(self, numerators: tuple[int, ...], denominator: int):
        # Internal: callers build distributions with hits(), total() or from_ways().
        end = len(numerators)
        while end > 1 and numerators[end - 1] == 0:
            end -= 1
        object.__setattr__(self, "_num", tuple(numerators[:end]))
        object.__setattr__(self, "_den", denominator)

    @classmethod
    def from_ways(cls, ways: Mapping[int, int]) -> Distribution:
        """The distribution of a whole-number value from the ways each value can come about, out of
        all the ways together: the faces of some dice, counted (a charge range, a flight).

        >>> Distribution.from_ways({2: 1, 3: 3}).items()
        ((0, Fraction(0, 1)), (1, Fraction(0, 1)), (2, Fraction(1, 4)), (3, Fraction(3, 4)))
        """
        if not isinstance(ways, Mapping) or not ways:
            raise ValueError("A distribution needs the ways of at least one value.")
        for value, count in ways.items():
            for number in (value, count):
                if isinstance(number, bool) or not isinstance(number, int) or number < 0:
                    raise ValueError(f"Values and their ways must be whole numbers, 0 or more (got {value!r}: "
                                     f"{count!r}).")
        denominator = sum(ways.values())
        if not denominator:
            raise ValueError("A distribution needs at least one way for some value.")
        numerators = [0] * (max(ways) + 1)
        for value, count in ways.items():
            numerators[value] += count
        return cls(tuple(numerators), denominator)

    def __reduce__(self):
        return (Distribution, (self._num, self._den))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("A Distribution cannot be changed; adding two makes a new one.")

    def __getitem__(self, k: int) -> Fraction:
        if 0 <= k < len(self._num):
            return Fraction(self._num[k], self._den)
        return Fraction(0)

    @property
    def weights(self) -> tuple[tuple[int, ...], int]:
        """The integer weights and their common denominator: P(k) = weights[k] / denominator."""
        return self._num, self._den

    @property
    def max_hits(self) -> int:
        """The largest number of hits with a chance above 0."""
        return len(self._num) - 1

    def items(self) -> tuple[tuple[int, Fraction], ...]:
        """``(k, P(exactly k))`` for k = 0..max_hits, in order."""
        return tuple((k, Fraction(n, self._den)) for k, n in enumerate(self._num))

    def at_least(self, k: int) -> Fraction:
        """P(k or more hits)."""
        return Fraction(sum(self._num[max(k, 0):]), self._den)

    def at_least_weights(self) -> tuple[tuple[int, ...], int]:
        """The integer weights of P(at least k) for k = 0..max_hits, and their denominator: one
        pass, and no fraction made (a chart of 1,000 bars reads them as they are)."""
        tails = list(accumulate(reversed(self._num)))
        return tuple(reversed(tails)), self._den

    def at_least_curve(self) -> tuple[Fraction, ...]:
        """P(at least k) for k = 0..max_hits, computed in one pass."""
        tails, den = self.at_least_weights()
        return tuple(Fraction(n, den) for n in tails)

    @property
    def mean(self) -> Fraction:
        """The expected number of hits."""
        return Fraction(sum(k * n for k, n in enumerate(self._num)), self._den)

    def percentile(self, k: int) -> Fraction:
        """P(k or fewer hits): how a result of k compares with all possible results."""
        return Fraction(sum(self._num[: max(k + 1, 0)]), self._den)

    def __add__(self, other: Distribution) -> Distribution:
        if not isinstance(other, Distribution):
            return NotImplemented
        if self.max_hits + other.max_hits > MAX_ATTACKS:
            raise ValueError(f"Too many attacks in total: the most is {MAX_ATTACKS}.")
        return Distribution(convolve(self._num, other._num), self._den * other._den)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self.items() == other.items()

    def __hash__(self) -> int:
        return hash(self.items())

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}: {v}" for k, v in self.items()[:8])
        more = ", …" if self.max_hits >= 8 else ""
        return f"Distribution({{{shown}{more}}})"


def convolve(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """The product of two polynomials with non-negative integer coefficients: the ways of each sum of
    two independent counts, from the ways of each count.

    >>> convolve((1, 1), (1, 2, 1))
    (1, 3, 3, 1)
    """
    if min(len(a), len(b)) <= 16:
        out = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    out[i + j] += x * y
        return tuple(out)
    # Kronecker substitution: pack each list into one big integer with room for every
    # coefficient of the product, multiply once (CPython's Karatsuba), and unpack.
    bits = max(a).bit_length() + max(b).bit_length() + min(len(a), len(b)).bit_length() + 1
    width = (bits + 7) // 8
    return tuple(unpack(pack(a, width) * pack(b, width), width, len(a) + len(b) - 1))


def pack(numbers, width: int) -> int:
    """Non-negative ``numbers``, each below 256 ** ``width``, side by side in one integer, the first lowest,
    ``width`` bytes apiece (Kronecker substitution). The product of two packed polynomials is their
    product packed, and the sum of two their sum, as long as no coefficient of it needs more room.

    >>> unpack(pack((1, 2), 1) * pack((1, 1), 1), 1, 3)
    [1, 3, 2]
    """
    return int.from_bytes(b"".join(x.to_bytes(width, "little") for x in numbers), "little")


def unpack(packed: int, width: int, count: int) -> list[int]:
    """The first ``count`` numbers of ``width`` bytes apiece that :func:`pack` put in ``packed``."""
    raw = packed.to_bytes(count * width, "little")
    return [int.from_bytes(raw[i * width:(i + 1) * width], "little") for i in range(count)]


def hits(attacks: int | str | AttackDice, p: Fraction | int | float | str, most: int | None = None) -> Distribution:
    """The distribution of hits when each of ``attacks`` hits independently with chance ``p``.

    ``attacks`` is a number or dice text (``"2D6"``); a rolled number of attacks is mixed
    over every result of the dice. With ``most``, the chance of ``most`` or more hits is all
    that is told of them (at ``most``): enough for the models removed from a unit of ``most``
    models, and far less work when each count's chance has a long denominator.

    >>> hits(2, Fraction(1, 3)).items()
    ((0, Fraction(4, 9)), (1, Fraction(4, 9)), (2, Fraction(1, 9)))
    >>> hits(2, Fraction(1, 3), most=1).items()
    ((0, Fraction(4, 9)), (1, Fraction(5, 9)))
    """
    dice = parse_attacks(attacks)
    chance = _as_chance(p)
    if most is not None and (type(most) is not int or most < 0):
        raise ValueError(f"The most hits to tell apart must be a whole number, 0 or more (got {most!r}).")
    a, b = chance.numerator, chance.denominator
    miss = b - a
    if not dice.count:
        # A fixed number n: P(k hits) = C(n, k) a^k miss^(n-k) over b^n.
        return Distribution(_binomial(dice.bonus, a, miss, most), b**dice.bonus)
    # A rolled number: one die gives f attacks with chance 1/sides, so its hits have the
    # generating function sum over f of (miss + a x)^f b^(sides - f), over sides × b^sides.
    # The dice are independent: raise that to the number of dice, then add the fixed bonus
    # attacks.
    sides = dice.sides
    one = [0] * (sides + 1)
    for f in range(1, sides + 1):
        scale = b ** (sides - f)
        for k, x in enumerate(_binomial(f, a, miss)):
            one[k] += x * scale
    one = _fold(tuple(one), most)
    if dice.bonus and most is not None:
        num = _folded_dice_after_fixed(one, dice.count, dice.bonus, a, miss, most)
    else:
        num = _times_power(one, one, dice.count - 1, most)
        if dice.bonus:
            num = _times_binomial(num, dice.bonus, a, miss)
    return Distribution(num, (sides * b**sides) ** dice.count * b**dice.bonus)


def _fold(poly: tuple[int, ...], most: int | None) -> tuple[int, ...]:
    """``poly`` with every term from ``most`` on added into term ``most`` (as it is when None)."""
    return poly if most is None or len(poly) <= most + 1 else (*poly[:most], sum(poly[most:]))


def _binomial(n: int, a: int, miss: int, most: int | None = None) -> tuple[int, ...]:
    """C(n, k) a^k miss^(n-k) for k = 0..n: the numerators of Binomial(n, a/(a + miss)); with
    ``most``, the terms from ``most`` on in one (see :func:`_fold`), without working them out.

    Each term is the one before times (n - k) a / ((k + 1) miss), which divides exactly: a big
    number times and over small ones, where powers of a and miss would multiply big by big.
    """
    if not a or not miss:
        return _fold((miss**n, *(0,) * n) if not a else (*(0,) * n, a**n), most)
    last = n if most is None else min(n, most)
    term = miss**n
    out = [term]
    for k in range(last):
        term = term * (n - k) * a // (miss * (k + 1))
        out.append(term)
    if last < n:  # the terms from `most` on: all the rest of (a + miss)^n
        out[-1] = (a + miss) ** n - sum(out[:-1])
    return tuple(out)


def _folded_dice_after_fixed(one: tuple[int, ...], count: int, n: int, a: int, miss: int,
                             most: int) -> tuple[int, ...]:
    """The hits of ``n`` fixed attacks and ``count`` dice (``one``: one die's hits, as in :func:`hits`),
    told apart up to ``most``: the binomial numerators ``_binomial(n, a, miss)`` times ``one`` to the
    power ``count``, folded at ``most``.

    The fixed attacks come first and the dice are multiplied in one at a time: each product is long
    times short (a die's few terms), which costs in proportion to the numbers' length. The other
    order, the dice's power times the binomial, ends in one product of two long lists of long
    numbers: for 50D6+100 attacks into 100 models, 311 ms against 140 (the same numbers).

    With ``n`` of ``most`` or more, every binomial term below ``most`` holds the factor
    miss^(n - most + 1): it is taken out before the products and put back after them (with a long
    denominator and many fixed attacks, it is most of each number's digits). The term at ``most`` is
    the rest of the total, sum(one)^count (a + miss)^n.
    """
    if n < most or most < 1 or not a or not miss:  # nothing beyond `most` to leave out, or no factor in common
        return _times_power(_fold(_binomial(n, a, miss), most), one, count, most)
    head = [miss ** (most - 1)]  # C(n, k) a^k miss^(most - 1 - k), for k = 0..most-1
    for k in range(most - 1):
        head.append(head[-1] * (n - k) * a // (miss * (k + 1)))
    for _ in range(count):
        head = convolve(head, one)[:most]  # what lands at `most` or beyond is the rest, below
    scale = miss ** (n - most + 1)
    head = [x * scale for x in head]
    return (*head, sum(one) ** count * (a + miss) ** n - sum(head))


def _times_binomial(poly: tuple[int, ...], n: int, a: int, miss: int) -> tuple[int, ...]:
    """``poly`` times the binomial numerators ``_binomial(n, a, miss)``: fixed attacks added to rolled ones.

    Term k is the sum over j of poly[j] C(n, k - j) a^(k-j) miss^(n-k+j) = s_k a^(k-J) miss^(n-k), where
    J is poly's degree and s_k the sum of poly[j] a^(J-j) miss^j C(n, k - j). When n is the longer, s is
    a convolution of far smaller numbers than the terms; the powers then scale each sum, dividing
    exactly where an exponent is below 0 (the term is a whole number).
    """
    last = len(poly) - 1
    if not a or not miss or n <= last or last <= 16:  # a short poly: the plain products are cheap
        return convolve(poly, _binomial(n, a, miss))
    pa, pm = _powers(a, n), _powers(miss, n)
    sums = convolve(tuple(x * pa[last - j] * pm[j] for j, x in enumerate(poly)), _binomial(n, 1, 1))
    out = []
    for k, s in enumerate(sums):
        up, down = k - last, n - k
        term = s * pa[max(up, 0)] * pm[max(down, 0)]
        out.append(term if up >= 0 and down >= 0 else term // (pa[max(-up, 0)] * pm[max(-down, 0)]))
    return tuple(out)


def _powers(x: int, n: int) -> list[int]:
    """x^0, x^1, …, x^n."""
    out = [1]
    for _ in range(n):
        out.append(out[-1] * x)
    return out


def _times_power(start: tuple[int, ...], poly: tuple[int, ...], count: int, most: int | None = None) -> tuple[int, ...]:
    """``start`` times ``poly`` to the power ``count``, one factor of ``poly`` at a time (folded at ``most``).

    Each product is long-times-short, which stays cheap while the coefficients grow; squaring
    would multiply two huge numbers, which CPython does slowly.
    """
    result = start
    for _ in range(count):
        result = _fold(convolve(result, poly), most)
    return result


def total(distributions) -> Distribution:
    """The distribution of the total hits of several independent groups or weapons."""
    result = Distribution((1,), 1)
    for d in distributions:
        result = result + d
    return result
