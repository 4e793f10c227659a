"""LightRAG 1.5's graph endpoints over the curation layer, plus the review history and curation export/import.

Every change goes through `workbench.curate.Reviewer`, so it is a lasting decision (applied on
every rebuild) recorded with the caller's name. Who may read and who may edit is decided by the
two dependencies the app passes in: `reader`, and `editor` (which returns the caller's name).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Body, Depends, HTTPException, Query

from lightrag_core.api.graph_schemas import (
    NAME,
    CurationImport,
    DeleteEntityRequest,
    DeleteRelationRequest,
    EntityCreateRequest,
    EntityMergeRequest,
    EntityUpdateRequest,
    RelationCreateRequest,
    RelationUpdateRequest,
    UndoRequest,
)
from lightrag_core.engine import Engine
from lightrag_core.models import Entity, LightRAGError, Relation, relation_key
from lightrag_core.workbench.curate import Reviewer, history
from lightrag_core.workbench.curation_io import export_curation, import_curation

SEP = "<SEP>"  # how LightRAG joins source ids and file paths in one string
MAX_GRAPH_NODES = 5000


def entity_data(e: Entity) -> dict[str, Any]:
    return {"entity_name": e.name, "entity_type": e.type, "description": e.description,
            "source_id": SEP.join(e.source_ids), "file_path": SEP.join(e.file_paths), "created_at": e.created_at}


def relation_data(r: Relation) -> dict[str, Any]:
    return {"src_id": r.src, "tgt_id": r.tgt, "description": r.description, "keywords": r.keywords,
            "weight": r.weight, "source_id": SEP.join(r.source_ids), "file_path": SEP.join(r.file_paths),
            "created_at": r.created_at}


def _node(e: Entity) -> dict[str, Any]:
    props = entity_data(e)
    props["entity_id"] = props.pop("entity_name")
    return {"id": e.name, "labels": [e.name], "properties": props}


def _edge(r: Relation) -> dict[str, Any]:
    return {"id": f"{r.src}-{r.tgt}", "type": "DIRECTED", "source": r.src, "target": r.tgt,
            "properties": {k: v for k, v in relation_data(r).items() if k not in ("src_id", "tgt_id")}}


def graph_router(engine: Engine, reader: Callable[..., Any], editor: Callable[..., str]) -> APIRouter:
    router = APIRouter(tags=["graph"])

    def reviewer(name: str) -> Reviewer:
        return Reviewer(engine.store, engine.embedder, engine.summariser, name, workspace=engine.settings.workspace)

    def one_entity(name: str) -> Entity:
        found = engine.store.get_entities([name]).get(name)
        if found is None:
            raise HTTPException(status_code=404, detail=f"no entity named {name!r}")
        return found

    @router.get("/graph/label/list", dependencies=[Depends(reader)])
    def labels() -> list[str]:
        entities, _ = engine.store.graph_outline()
        return sorted(e.name for e in entities)

    @router.get("/graph/entity/exists", dependencies=[Depends(reader)])
    def exists(name: str = Query(min_length=1, max_length=NAME)) -> dict[str, bool]:
        return {"exists": bool(engine.store.get_entities([name]))}

    @router.get("/graphs", dependencies=[Depends(reader)])
    def graphs(label: str = Query(min_length=1, max_length=NAME), max_depth: int = Query(3, ge=1, le=10),
               max_nodes: int = Query(1000, ge=1, le=MAX_GRAPH_NODES)) -> dict[str, Any]:
        """The subgraph around `label` (breadth first, nearest hops then degree), or the best connected
        entities for "*"."""
        if label == "*":
            outline, _ = engine.store.graph_outline()
            ranked = sorted(outline, key=lambda e: (-e.degree, e.name))
            names, truncated = [e.name for e in ranked[:max_nodes]], len(ranked) > max_nodes
        else:
            start = engine.store.resolve_names([label.lower()]).get(label.lower())
            if start is None:
                return {"nodes": [], "edges": [], "is_truncated": False}
            names, seen, frontier, truncated = [start], {start}, [start], False
            for _ in range(max_depth):
                nxt = sorted({n for r in engine.store.relations_of(frontier) for n in r.key} - seen)
                if len(seen) + len(nxt) > max_nodes:
                    degree = {e.name: e.degree for e in engine.store.entities_with_degree(nxt)}
                    nxt, truncated = sorted(nxt, key=lambda n: (-degree.get(n, 0), n))[:max_nodes - len(seen)], True
                seen.update(nxt)
                names += nxt
                frontier = nxt
                if not frontier or truncated:
                    break
        ents = engine.store.get_entities(names)
        keep = set(ents)
        rels = [r for r in engine.store.relations_of(sorted(keep)) if r.src in keep and r.tgt in keep]
        unique = {r.key: r for r in rels}
        return {"nodes": [_node(ents[n]) for n in names if n in ents],
                "edges": [_edge(r) for r in unique.values()], "is_truncated": truncated}

    @router.post("/graph/entity/edit")
    def edit_entity(req: EntityUpdateRequest, who: str = Depends(editor)) -> dict[str, Any]:
        data = dict(req.updated_data)
        new_name = str(data.pop("entity_name", req.entity_name)).strip()
        fields = {k: data[k] for k in ("description",) if k in data}
        if "entity_type" in data:
            fields["type"] = data["entity_type"]
        one_entity(req.entity_name)
        if new_name == req.entity_name and not fields:
            raise LightRAGError("updated_data changes nothing: give description, entity_type or entity_name")
        expert = reviewer(who)
        summary = {"merged": False, "merge_status": "not_attempted", "merge_error": None,
                   "operation_status": "success", "target_entity": None, "final_entity": req.entity_name,
                   "renamed": False}
        # Rename or merge first, then pin the fields on the entity that remains, so the edit rule
        # names the entity that later rebuilds produce.
        if new_name != req.entity_name:
            if not req.allow_rename:
                raise LightRAGError("renaming needs allow_rename: true")
            if engine.store.get_entities([new_name]):
                if not req.allow_merge:
                    raise LightRAGError(f"an entity named {new_name!r} exists; set allow_merge to merge into it")
                expert.merge_entities(new_name, req.entity_name, req.comment)
                summary.update(merged=True, merge_status="success")
            else:
                expert.rename_entity(req.entity_name, new_name, req.comment)
            summary.update(target_entity=new_name, final_entity=new_name, renamed=True)
        if fields:
            expert.edit_entity_fields(str(summary["final_entity"]), fields, req.comment)
        message = (f"Entity merged successfully into '{new_name}'" if summary["merged"]
                   else "Entity updated successfully")
        return {"status": "success", "message": message, "data": entity_data(one_entity(str(summary["final_entity"]))),
                "operation_summary": summary}

    @router.post("/graph/relation/edit")
    def edit_relation(req: RelationUpdateRequest, who: str = Depends(editor)) -> dict[str, Any]:
        fields = {k: v for k, v in req.updated_data.items() if k in ("description", "keywords", "weight")}
        if not fields:
            raise LightRAGError("updated_data changes nothing: give description, keywords or weight")
        reviewer(who).edit_relation_fields(req.source_id, req.target_id, fields, req.comment)
        key = relation_key(req.source_id, req.target_id)
        return {"status": "success", "message": "Relation updated successfully",
                "data": relation_data(engine.store.get_relations([key])[key])}

    @router.post("/graph/entities/merge")
    def merge(req: EntityMergeRequest, who: str = Depends(editor)) -> dict[str, Any]:
        target = req.entity_to_change_into.strip()
        missing = [n for n in req.entities_to_change if n != target and not engine.store.get_entities([n])]
        if missing:
            raise HTTPException(status_code=404, detail=f"no entity named {missing[0]!r}")
        moved = sum(len(engine.store.relations_of([n])) for n in dict.fromkeys(req.entities_to_change) if n != target)
        done = reviewer(who).merge_many(req.entities_to_change, target, req.comment)
        deleted = [r["target"]["name"] for r in done]
        return {"status": "success",
                "message": f"Successfully merged {len(deleted)} entities into '{target}'",
                "data": {"merged_entity": target, "deleted_entities": deleted, "relationships_transferred": moved,
                         "entity": entity_data(one_entity(target))}}

    @router.post("/graph/entity/create")
    def create_entity(req: EntityCreateRequest, who: str = Depends(editor)) -> dict[str, Any]:
        d = req.entity_data
        reviewer(who).create_entity(req.entity_name, str(d.get("entity_type", "unknown")),
                                    str(d.get("description", "")), req.comment)
        return {"status": "success", "message": f"Entity '{req.entity_name}' created successfully",
                "data": entity_data(one_entity(req.entity_name.strip()))}

    @router.post("/graph/relation/create")
    def create_relation(req: RelationCreateRequest, who: str = Depends(editor)) -> dict[str, Any]:
        d = req.relation_data
        reviewer(who).create_relation(req.source_entity, req.target_entity, str(d.get("keywords", "")),
                                      str(d.get("description", "")), d.get("weight", 1.0), req.comment)
        key = relation_key(req.source_entity, req.target_entity)
        return {"status": "success", "data": relation_data(engine.store.get_relations([key])[key]),
                "message": f"Relation created successfully between '{req.source_entity}' and "
                           f"'{req.target_entity}'"}

    @router.delete("/graph/entity/delete")
    def delete_entity(req: DeleteEntityRequest, who: str = Depends(editor)) -> dict[str, Any]:
        one_entity(req.entity_name)
        reviewer(who).delete_entity(req.entity_name, req.comment)
        return {"status": "success", "doc_id": req.entity_name, "status_code": 200, "file_path": None,
                "message": f"Entity '{req.entity_name}' and its relationships have been deleted."}

    @router.delete("/graph/relation/delete")
    def delete_relation(req: DeleteRelationRequest, who: str = Depends(editor)) -> dict[str, Any]:
        if not engine.store.get_relations([relation_key(req.source_entity, req.target_entity)]):
            raise HTTPException(status_code=404, detail=f"no relation between {req.source_entity!r} and "
                                f"{req.target_entity!r}")
        reviewer(who).delete_relation(req.source_entity, req.target_entity, req.comment)
        return {"status": "success", "doc_id": f"{req.source_entity} -> {req.target_entity}", "status_code": 200,
                "file_path": None, "message": f"Relation from '{req.source_entity}' to '{req.target_entity}' "
                                              "has been deleted."}

    @router.get("/graph/reviews", dependencies=[Depends(reader)])
    def reviews(kind: str | None = Query(None, max_length=20), item: str | None = Query(None, max_length=NAME * 2),
                reviewer_name: str | None = Query(None, alias="reviewer", max_length=NAME),
                decision: str | None = Query(None, max_length=20),
                state: str | None = Query(None, max_length=20)) -> dict[str, Any]:
        """The decisions, newest first, filtered by any of kind, item, reviewer, decision and state."""
        wanted = {"kind": kind, "item": item, "reviewer": reviewer_name, "decision": decision, "state": state}
        rows = [r for r in history(engine.store) if all(v is None or r.get(k) == v for k, v in wanted.items())]
        return {"reviews": rows, "count": len(rows)}

    @router.post("/graph/reviews/{rule_id}/undo")
    def undo(rule_id: str, req: UndoRequest = Body(default_factory=UndoRequest),
             who: str = Depends(editor)) -> dict[str, Any]:
        return {"status": "success", "message": "Decision undone", "data": reviewer(who).undo(rule_id, req.comment)}

    @router.get("/graph/curation", dependencies=[Depends(reader)])
    def export() -> dict[str, Any]:
        return export_curation(reviewer(""))

    @router.post("/graph/curation")
    def import_(body: CurationImport, who: str = Depends(editor)) -> dict[str, Any]:
        return {"status": "success", **import_curation(reviewer(who), body.model_dump())}

    return router
