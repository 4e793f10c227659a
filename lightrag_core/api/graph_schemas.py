"""Request bodies of the graph endpoints, field for field as LightRAG 1.5's server names them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

NAME = 300  # the longest entity name accepted
DATA_KEYS = 20  # updated_data / entity_data / relation_data hold a few fields, never a document


class EntityUpdateRequest(BaseModel):
    entity_name: str = Field(min_length=1, max_length=NAME)
    updated_data: dict[str, Any] = Field(max_length=DATA_KEYS)
    allow_rename: bool = False
    allow_merge: bool = False
    comment: str = Field(default="", max_length=2000)


class RelationUpdateRequest(BaseModel):
    source_id: str = Field(min_length=1, max_length=NAME)
    target_id: str = Field(min_length=1, max_length=NAME)
    updated_data: dict[str, Any] = Field(max_length=DATA_KEYS)
    comment: str = Field(default="", max_length=2000)


class EntityMergeRequest(BaseModel):
    entities_to_change: list[str] = Field(min_length=1, max_length=100)
    entity_to_change_into: str = Field(min_length=1, max_length=NAME)
    comment: str = Field(default="", max_length=2000)


class EntityCreateRequest(BaseModel):
    entity_name: str = Field(min_length=1, max_length=NAME)
    entity_data: dict[str, Any] = Field(max_length=DATA_KEYS)
    comment: str = Field(default="", max_length=2000)


class RelationCreateRequest(BaseModel):
    source_entity: str = Field(min_length=1, max_length=NAME)
    target_entity: str = Field(min_length=1, max_length=NAME)
    relation_data: dict[str, Any] = Field(max_length=DATA_KEYS)
    comment: str = Field(default="", max_length=2000)


class DeleteEntityRequest(BaseModel):
    entity_name: str = Field(min_length=1, max_length=NAME)
    comment: str = Field(default="", max_length=2000)


class DeleteRelationRequest(BaseModel):
    source_entity: str = Field(min_length=1, max_length=NAME)
    target_entity: str = Field(min_length=1, max_length=NAME)
    comment: str = Field(default="", max_length=2000)


class UndoRequest(BaseModel):
    comment: str = Field(default="", max_length=2000)


class CurationImport(BaseModel):
    format: str = Field(default="graph-rag-workbench-curation", max_length=100)
    version: int = 1
    rules: list[dict[str, Any]] = Field(max_length=10_000)
