"""Glicko-2 ratings for matches (docs/rules.md section 6).

Every rated match is one rating period.  Two sides give each player one result
per opposing player; four players (and duos) are scored pairwise from the match
ranking, partners never paired::

    >>> r, rd, vol = glicko2(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    >>> round(r, 2), round(rd, 2), round(vol, 6)
    (1464.05, 151.52, 0.059996)

(Glickman's paper prints 1464.06: it rounds mu' before converting back.)

The match scores per outcome kind live in :data:`MATCH_SCORES`; a
:class:`filler.match.Match` that is over hands out ``outcome["pairs"]``, which
:func:`match_rating_updates` turns into every player's new rating.
"""

from __future__ import annotations

import math
from typing import Iterable, Mapping, Sequence

from .errors import BadOption

Rating = tuple[float, float, float]  # (rating, deviation, volatility)

DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
DEFAULT = (DEFAULT_RATING, DEFAULT_DEVIATION, DEFAULT_VOLATILITY)
TAU = 0.5

# Glicko-2 works on a scale where 1500 -> 0 and 173.7178 rating points -> 1.
SCALE = 173.7178
CONVERGENCE = 1e-6

# (winner's score, loser's score) per outcome kind; a drawn match is 0.5 each.
MATCH_SCORES = {
    "clear": (1.0, 0.0),    # 2-0 or 1.5-0.5
    "cells": (0.6, 0.4),    # 1-1, decided on total value
    "draw": (0.5, 0.5),     # 1-1 and equal totals
    "resign": (1.0, 0.0),   # the loser resigned the match
    "timeout": (1.0, 0.0),  # the loser ran out of time
}


def match_score(kind: str, won: bool | None) -> float:
    """The rating score of one side for a match that ended as ``kind``.

    ``won`` is True for the winner, False for the loser, None for a drawn match.

    >>> match_score("cells", True), match_score("cells", False), match_score("draw", None)
    (0.6, 0.4, 0.5)
    """
    if kind not in MATCH_SCORES:
        raise BadOption(f"unknown match outcome kind {kind!r}; expected one of {sorted(MATCH_SCORES)}", "rating.bad")
    if won is None or kind == "draw":
        return 0.5
    winner, loser = MATCH_SCORES[kind]
    return winner if won else loser


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _check(r: float, rd: float, vol: float, what: str) -> None:
    for name, value in (("rating", r), ("deviation", rd), ("volatility", vol)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise BadOption(f"{what}: the {name} must be a finite number, not {value!r}", "rating.bad")
    if rd <= 0:
        raise BadOption(f"{what}: the deviation must be positive, not {rd!r}", "rating.bad")
    if vol <= 0:
        raise BadOption(f"{what}: the volatility must be positive, not {vol!r}", "rating.bad")


def glicko2(
    r: float,
    rd: float,
    vol: float,
    results: Iterable[tuple[float, float, float]],
    tau: float = TAU,
) -> Rating:
    """One Glicko-2 rating period for a player (Glickman, "Example of the Glicko-2 system").

    ``results`` holds ``(opponent_rating, opponent_deviation, score)`` with the
    score 0..1 (1 win, 0.5 draw, 0 loss; 0.6/0.4 for a match won on total value).
    With no results the deviation grows by the volatility, nothing else changes.

    >>> r, rd, vol = glicko2(1500, 350, 0.06, [])
    >>> r, round(rd, 2), vol
    (1500, 350.16, 0.06)
    """
    _check(r, rd, vol, "player")
    if isinstance(tau, bool) or not isinstance(tau, (int, float)) or not tau > 0:
        raise BadOption(f"tau must be a positive number, not {tau!r}", "rating.bad")
    results = list(results)
    mu = (r - DEFAULT_RATING) / SCALE
    phi = rd / SCALE
    if not results:
        return r, math.sqrt(phi * phi + vol * vol) * SCALE, vol

    # Step 3 and 4: estimated variance v and improvement delta.
    inverse_v = 0.0
    gain = 0.0  # sum of g(phi_j) * (s_j - E_j)
    for result in results:
        try:
            opp_r, opp_rd, score = result
        except (TypeError, ValueError):
            raise BadOption(f"a result is (opponent rating, opponent deviation, score), not {result!r}",
                            "rating.bad") from None
        _check(opp_r, opp_rd, 1.0, "opponent")
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 1:
            raise BadOption(f"a score must be a number from 0 to 1, not {score!r}", "rating.bad")
        mu_j = (opp_r - DEFAULT_RATING) / SCALE
        phi_j = opp_rd / SCALE
        g_j = _g(phi_j)
        e_j = _expected(mu, mu_j, phi_j)
        inverse_v += g_j * g_j * e_j * (1.0 - e_j)
        gain += g_j * (score - e_j)
    v = 1.0 / inverse_v
    delta = v * gain

    # Step 5: the new volatility, by the Illinois algorithm as in the paper.
    a = math.log(vol * vol)
    delta2 = delta * delta
    phi2 = phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta2 > phi2 + v:
        big_b = math.log(delta2 - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > CONVERGENCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    new_vol = math.exp(big_a / 2.0)

    # Step 6 to 8: new deviation and rating, back on the Glicko scale.
    phi_star = math.sqrt(phi2 + new_vol * new_vol)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gain
    return DEFAULT_RATING + SCALE * new_mu, SCALE * new_phi, new_vol


def match_rating_updates(
    ratings: Mapping[int, Rating] | Sequence[Rating],
    pairs: Iterable[Sequence],
    tau: float = TAU,
) -> dict[int, Rating]:
    """New ratings of every player of one rated match (one rating period).

    ``ratings`` maps each player (seat of the match) to its ``(r, rd, vol)``
    before the match (a list indexed by seat works too); ``pairs`` is the
    match's ``outcome["pairs"]``: ``(player_a, player_b, score_of_a)`` for every
    pair of opposing players (b scores ``1 - score_of_a``).  Every player's
    results are taken against the opponents' ratings from before the match.

    Two players drawing from the start:

    >>> new = match_rating_updates({0: DEFAULT, 1: DEFAULT}, [(0, 1, 0.5)])
    >>> [round(new[p][0], 6) for p in (0, 1)], round(new[0][1], 1)
    ([1500.0, 1500.0], 290.3)
    """
    if not isinstance(ratings, Mapping):
        ratings = dict(enumerate(ratings))
    results: dict[int, list[tuple[float, float, float]]] = {player: [] for player in ratings}
    for pair in pairs:
        try:
            a, b, score = pair
        except (TypeError, ValueError):
            raise BadOption(f"a pair is (player a, player b, score of a), not {pair!r}",
                            "rating.bad") from None
        for player in (a, b):
            if player not in ratings:
                raise BadOption(f"player {player!r} of the match has no rating given", "rating.bad")
        if a == b:
            raise BadOption(f"player {a!r} cannot play against itself", "rating.bad")
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 1:
            raise BadOption(f"a score must be a number from 0 to 1, not {score!r}", "rating.bad")
        rating_a, rating_b = ratings[a], ratings[b]
        results[a].append((rating_b[0], rating_b[1], float(score)))
        results[b].append((rating_a[0], rating_a[1], 1.0 - float(score)))
    return {player: glicko2(*ratings[player], results[player], tau=tau) for player in ratings}
