"""Whether a console statement only reads, decided by the server's own plan for it, not by its text.

The statement is planned with `EXPLAIN` (nothing runs) and every operator of the plan must be on
READ_OPERATORS; a `ProcedureCall` must name one of READ_PROCEDURES. Anything else is refused by name:
`LoadCSV` (LOAD CSV makes the server fetch a URL with its own credentials, even in a read transaction),
writes, `CALL { } IN TRANSACTIONS`, SHOW and TERMINATE commands, any other procedure (backticks
are gone in the plan, so `apoc`.load.json is apoc.load.json). A statement the server cannot plan
(administration commands) is refused too. Operator names follow the Cypher manual's operator list
(planning-and-tuning/operators); an operator a newer server adds is refused until it is listed here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from lightrag_core.models import LightRAGError

# Operators that only read the graph or shape rows (Cypher manual, "Operators", Neo4j 5).
READ_OPERATORS = frozenset({
    # leaf scans and seeks
    "AllNodesScan", "PartitionedAllNodesScan", "NodeByLabelScan", "PartitionedNodeByLabelScan",
    "UnionNodeByLabelsScan", "PartitionedUnionNodeByLabelsScan", "IntersectionNodeByLabelsScan",
    "PartitionedIntersectionNodeByLabelsScan", "SubtractionNodeByLabelsScan", "PartitionedSubtractionNodeByLabelsScan",
    "NodeByIdSeek", "NodeByElementIdSeek", "NodeIndexSeek", "PartitionedNodeIndexSeek", "NodeUniqueIndexSeek",
    "MultiNodeIndexSeek", "AssertingMultiNodeIndexSeek", "NodeIndexSeekByRange", "PartitionedNodeIndexSeekByRange",
    "NodeUniqueIndexSeekByRange", "NodeIndexContainsScan", "NodeIndexEndsWithScan", "NodeIndexScan",
    "PartitionedNodeIndexScan", "DirectedAllRelationshipsScan", "PartitionedDirectedAllRelationshipsScan",
    "UndirectedAllRelationshipsScan", "PartitionedUndirectedAllRelationshipsScan", "DirectedRelationshipTypeScan",
    "PartitionedDirectedRelationshipTypeScan", "UndirectedRelationshipTypeScan",
    "PartitionedUndirectedRelationshipTypeScan", "DirectedUnionRelationshipTypesScan",
    "PartitionedDirectedUnionRelationshipTypesScan", "UndirectedUnionRelationshipTypesScan",
    "PartitionedUndirectedUnionRelationshipTypesScan", "DirectedRelationshipIndexScan",
    "PartitionedDirectedRelationshipIndexScan", "UndirectedRelationshipIndexScan",
    "PartitionedUndirectedRelationshipIndexScan", "DirectedRelationshipIndexSeek",
    "PartitionedDirectedRelationshipIndexSeek", "UndirectedRelationshipIndexSeek",
    "PartitionedUndirectedRelationshipIndexSeek", "DirectedRelationshipIndexSeekByRange",
    "PartitionedDirectedRelationshipIndexSeekByRange", "UndirectedRelationshipIndexSeekByRange",
    "PartitionedUndirectedRelationshipIndexSeekByRange", "DirectedRelationshipIndexContainsScan",
    "UndirectedRelationshipIndexContainsScan", "DirectedRelationshipIndexEndsWithScan",
    "UndirectedRelationshipIndexEndsWithScan", "DirectedRelationshipByIdSeek", "UndirectedRelationshipByIdSeek",
    "DirectedRelationshipByElementIdSeek", "UndirectedRelationshipByElementIdSeek",
    "DirectedRelationshipUniqueIndexSeek", "UndirectedRelationshipUniqueIndexSeek",
    "DirectedRelationshipUniqueIndexSeekByRange", "UndirectedRelationshipUniqueIndexSeekByRange",
    "NodeCountFromCountStore", "RelationshipCountFromCountStore",
    # expanding and paths
    "Expand(All)", "Expand(Into)", "OptionalExpand(All)", "OptionalExpand(Into)", "VarLengthExpand(All)",
    "VarLengthExpand(Into)", "VarLengthExpand(Pruning)", "VarLengthExpand(Pruning,BFS)", "Repeat(Trail)",
    "NullifyMetadata", "ShortestPath", "StatefulShortestPath(All)", "StatefulShortestPath(Into)",
    "ProjectEndpoints", "AssertSameNode", "AssertSameRelationship",
    # joins and sub-plans
    "Apply", "SemiApply", "AntiSemiApply", "Anti", "LetSemiApply", "LetAntiSemiApply", "SelectOrSemiApply",
    "SelectOrAntiSemiApply", "LetSelectOrSemiApply", "LetSelectOrAntiSemiApply", "RollUpApply", "Argument",
    "ArgumentTracker", "NodeHashJoin", "ValueHashJoin", "NodeLeftOuterHashJoin", "NodeRightOuterHashJoin",
    "TriadicSelection", "TriadicBuild", "TriadicFilter", "CartesianProduct", "Optional", "Union", "OrderedUnion",
    # rows
    "ProduceResults", "EmptyResult", "EmptyRow", "Projection", "Filter", "Limit", "ExhaustiveLimit", "Skip", "Sort",
    "PartialSort", "Top", "PartialTop", "Distinct", "OrderedDistinct", "EagerAggregation", "OrderedAggregation",
    "Eager", "Unwind", "PartitionedUnwind", "CacheProperties",
})
# Procedures that read the schema or search an index, nothing else.
READ_PROCEDURES = frozenset({
    "db.labels", "db.relationshipTypes", "db.propertyKeys", "db.schema.visualization", "db.schema.nodeTypeProperties",
    "db.schema.relTypeProperties", "db.index.vector.queryNodes", "db.index.vector.queryRelationships",
    "db.index.fulltext.queryNodes", "db.index.fulltext.queryRelationships",
})
MAX_OPERATORS = 5000  # a plan bigger than this is refused rather than walked
_PROCEDURE = re.compile(r"\s*([\w`.]+)\s*\(")
# A USE clause points the statement at another database; the plan does not show that, so the text decides.
# USE can only open a query, a subquery or a UNION part, so a variable named `use` elsewhere is no USE clause.
_USE = re.compile(r"(?:\A|\{|\bUNION(?:\s+ALL)?\b)\s*USE\s+[\w`]", re.IGNORECASE)


class PlanRefused(LightRAGError):
    """The statement's plan holds something the console does not run."""


def operator_name(operator_type: str) -> str:
    """`Expand(All)@neo4j` -> `Expand(All)`: the runtime suffix is not part of the operator."""
    return operator_type.split("@", 1)[0].strip()


def procedure_name(details: str) -> str:
    """The procedure a ProcedureCall's details name, without backticks (`apoc`.load.json -> apoc.load.json)."""
    match = _PROCEDURE.match(details or "")
    if not match:
        raise PlanRefused(f"the console could not tell which procedure this call runs ({details[:80]!r}); refused")
    return match.group(1).replace("`", "")


def check_plan(plan: Mapping[str, Any] | None) -> None:
    """Nothing if every operator of `plan` (summary.plan of an EXPLAIN) only reads; PlanRefused naming the first
    operator or procedure that does not."""
    if not plan:
        raise PlanRefused("the server returned no plan for this statement, so the console does not run it")
    stack: list[Mapping[str, Any]] = [plan]
    seen = 0
    while stack:
        op = stack.pop()
        seen += 1
        if seen > MAX_OPERATORS:
            raise PlanRefused(f"the plan has more than {MAX_OPERATORS} operators; simplify the statement")
        name = operator_name(str(op.get("operatorType", "")))
        if name == "ProcedureCall":
            # The driver names the operator's arguments `args` (Bolt's key); `arguments` is the HTTP API's.
            arguments = op.get("args") or op.get("arguments") or {}
            procedure = procedure_name(str(arguments.get("Details", "")))
            if procedure not in READ_PROCEDURES:
                raise PlanRefused(f"the console refused operator ProcedureCall: procedure {procedure!r} is not one "
                                  f"of the read-only procedures it allows ({', '.join(sorted(READ_PROCEDURES))})")
        elif name not in READ_OPERATORS:
            raise PlanRefused(f"the console refused operator {name or '(unnamed)'!r}: it is not a read operator "
                              "(LOAD CSV, writes, subquery transactions, SHOW and administration are never run)")
        stack.extend(reversed(list(op.get("children") or [])))


def check_text(bare: str) -> None:
    """The one thing the plan cannot show: a USE clause sending the statement to another database.
    `bare` is the statement with strings and comments blanked."""
    if _USE.search(bare):
        raise PlanRefused("the console runs on this workspace's database only; remove the USE clause")
