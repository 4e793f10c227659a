"""Candidates that state the same kind of fact, told apart by what the question says of the asked thing:
the year it dates it by (year_fit), the ordinal it counts it by (ordinal_fit), and the clause of a shared
sentence that says more of the question (clause_fit)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lightrag_core.query.clause_fit import by_clause
from lightrag_core.query.ordinal_fit import by_ordinal
from lightrag_core.query.year_fit import by_year

if TYPE_CHECKING:
    from lightrag_core.query.candidates import Candidate


def told_apart(query: str, ranked: list[Candidate]) -> list[Candidate]:
    """`ranked`, best first again after each reading weighed down the candidates it tells apart."""
    return by_clause(query, by_ordinal(query, by_year(query, ranked)))
