"""Request bodies of the graph endpoints, field for field as LightRAG 1.5's server names them."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, Field

NAME = 300  # the longest entity name accepted
DATA_KEYS = 20  # updated_data / entity_data / relation_data hold a few fields, never a document


def _unicode_only(value: Any) -> Any:
    """`value` when every text in it (keys too) is valid Unicode. Pydantic checks `str` fields, not what an
    `Any` holds: a JSON body may spell a lone surrogate ("\\ud800"), which no store or answer can encode, so
    one in an imported rule failed GET /graph/reviews and /graph/curation for everyone until removed."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else None
    if items is None:
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise ValueError("holds text that is not valid Unicode (a lone surrogate)") from None
        return value
    for key, item in items:
        _unicode_only(key)
        _unicode_only(item)
    return value


# What the graph routes take as free-form data: any JSON, but only valid text in it.
Data = Annotated[dict[str, Any], AfterValidator(_unicode_only)]


class EntityUpdateRequest(BaseModel):
    entity_name: str = Field(min_length=1, max_length=NAME)
    updated_data: Data = Field(max_length=DATA_KEYS)
    allow_rename: bool = False
    allow_merge: bool = False
    comment: str = Field(default="", max_length=2000)


class RelationUpdateRequest(BaseModel):
    source_id: str = Field(min_length=1, max_length=NAME)
    target_id: str = Field(min_length=1, max_length=NAME)
    updated_data: Data = Field(max_length=DATA_KEYS)
    comment: str = Field(default="", max_length=2000)


class EntityMergeRequest(BaseModel):
    entities_to_change: list[str] = Field(min_length=1, max_length=100)
    entity_to_change_into: str = Field(min_length=1, max_length=NAME)
    comment: str = Field(default="", max_length=2000)


class EntityCreateRequest(BaseModel):
    entity_name: str = Field(min_length=1, max_length=NAME)
    entity_data: Data = Field(max_length=DATA_KEYS)
    comment: str = Field(default="", max_length=2000)


class RelationCreateRequest(BaseModel):
    source_entity: str = Field(min_length=1, max_length=NAME)
    target_entity: str = Field(min_length=1, max_length=NAME)
    relation_data: Data = Field(max_length=DATA_KEYS)
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
    rules: list[Data] = Field(max_length=10_000)
