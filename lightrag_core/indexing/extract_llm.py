"""LLM extraction: delimiter-separated entity and relation records, with gleaning.

Parsing is forgiving: a malformed record is dropped with a warning and the
rest of the reply is kept.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor

from lightrag_core import prompts
from lightrag_core.lexical import support
from lightrag_core.llm import ChatLLM
from lightrag_core.models import Chunk, EntityRecord, LightRAGError, RelationRecord
from lightrag_core.nlp import canonical_name

log = logging.getLogger(__name__)
_BAD_TYPE = re.compile(r"[()<>|/\\]")
# Words of the record grammar that small models copy instead of filling in.
TEMPLATE_WORDS = {"name", "entity", "entity_name", "entity name", "type", "entity_type", "description", "source",
                  "target", "source name", "target name", "source_entity", "target_entity", "keywords", "strength"}


def is_template_echo(name: str) -> bool:
    bare = name.strip().strip("<>[]{}\"'").strip().lower()
    return name.strip().startswith("<") or bare in TEMPLATE_WORDS


MAX_REPLY_CHARS = 200_000


def check_reply(reply: str, chunk: Chunk) -> None:
    """Replies that cannot be extraction output fail the chunk with a specific reason."""
    if not reply.strip():
        raise LightRAGError(f"the LLM returned an empty extraction reply for {chunk.id}")
    if len(reply) > MAX_REPLY_CHARS:
        raise LightRAGError(f"the LLM's extraction reply for {chunk.id} is {len(reply):,} characters "
                            f"(limit {MAX_REPLY_CHARS:,}); it is not a record list")
    if prompts.FIELD_SEP not in reply and prompts.RECORD_END not in reply:
        raise LightRAGError(f"the LLM's extraction reply for {chunk.id} is not in the record format "
                            f"(no {prompts.FIELD_SEP} fields): {reply[:80]!r}")
    if prompts.RECORD_END not in reply:
        log.warning("extraction reply for %s has no %s: it may be truncated; keeping the complete records",
                    chunk.id, prompts.RECORD_END)


def _check_name(name: str, chunk: Chunk) -> None:
    if is_template_echo(name):
        raise ValueError(f"{name!r} is the template's placeholder, not a name")
    found = support(name, chunk.content)
    if found == "none":
        raise ValueError(f"{name!r} is not in the text")
    if found == "near":
        log.warning("kept %r in %s: its words are in the text, not in this form", name, chunk.id)


def parse_records(reply: str, chunk: Chunk) -> tuple[list[EntityRecord], list[RelationRecord], int]:
    """Entities, relations and the number of lines dropped: malformed, a placeholder echoed from the
    template, a self-loop, a type with markup, or a name the chunk does not contain."""
    entities: list[EntityRecord] = []
    relations: list[RelationRecord] = []
    dropped = 0
    for raw in reply.splitlines():
        line = raw.strip().strip("`").strip()
        if not line or line == prompts.RECORD_END or line.startswith("```"):
            continue
        fields = [f.strip() for f in line.split(prompts.FIELD_SEP)]
        kind = fields[0].lower().strip("(\"' ")
        try:
            if kind == "entity" and len(fields) >= 4:
                name, etype, desc = canonical_name(fields[1]), fields[2].strip().lower(), fields[3]
                if not name or not desc or not etype or _BAD_TYPE.search(etype):
                    raise ValueError("empty name, type or description, or a type with markup")
                _check_name(name, chunk)
                entities.append(EntityRecord(name, etype.replace(" ", "_"), desc, chunk.id, chunk.file_path))
            elif kind in {"relation", "relationship"} and len(fields) >= 5:
                src, tgt = canonical_name(fields[1]), canonical_name(fields[2])
                if not src or not tgt or src.lower() == tgt.lower() or not fields[4]:
                    raise ValueError("missing end, same ends, or no description")
                _check_name(src, chunk)
                _check_name(tgt, chunk)
                weight = 1.0
                if len(fields) >= 6 and fields[5]:
                    weight = float(re.findall(r"[\d.]+", fields[5])[0])
                relations.append(RelationRecord(src, tgt, fields[3], fields[4], weight, chunk.id, chunk.file_path))
            else:
                raise ValueError("unknown record kind or too few fields")
        except (ValueError, IndexError) as exc:
            dropped += 1
            log.warning("dropped malformed extraction record in %s (%s): %.120s", chunk.id, exc, line)
    # A relation may name an entity the model forgot to list: add it, typed unknown.
    known = {e.name.lower() for e in entities}
    for rel in relations:
        for end in (rel.src, rel.tgt):
            if end.lower() not in known:
                known.add(end.lower())
                entities.append(EntityRecord(end, "unknown", rel.description, chunk.id, chunk.file_path))
    return entities, relations, dropped


class LLMExtractor:
    """Extraction by a chat model, one chunk per call, calls run concurrently."""

    def __init__(
        self,
        llm: ChatLLM,
        entity_types: Iterable[str],
        max_gleaning: int = 1,
        concurrency: int = 4,
        language: str = "English",
    ) -> None:
        self.llm = llm
        self.concurrency = max(1, concurrency)  # LLM_CONCURRENCY: calls in flight at once
        self.entity_types = ", ".join(entity_types)
        self.max_gleaning = max_gleaning
        self.language = language
        self.name = f"llm:{llm.model}"
        self.truncated = 0  # replies cut at the token cap, this run

    def extract_one(self, chunk: Chunk) -> tuple[list[EntityRecord], list[RelationRecord]]:
        prompt = prompts.EXTRACTION.format(
            entity_types=self.entity_types,
            sep=prompts.FIELD_SEP,
            end=prompts.RECORD_END,
            language=self.language,
            text=chunk.content,
        )
        messages = [("user", prompt)]
        reply = self._reply(messages, chunk)
        check_reply(reply, chunk)
        entities, relations, _ = parse_records(reply, chunk)
        for _ in range(self.max_gleaning):
            messages = [*messages, ("assistant", reply), ("user", prompts.GLEANING.format(end=prompts.RECORD_END))]
            reply = self._reply(messages, chunk)
            more_e, more_r, _ = parse_records(reply, chunk)
            if not more_e and not more_r:
                break
            names = {e.name.lower() for e in entities}
            entities += [e for e in more_e if e.name.lower() not in names]
            relations += more_r
        return entities, relations

    def _reply(self, messages: list[tuple[str, str]], chunk: Chunk) -> str:
        """The model's records; a reply cut at the token cap loses its last, unfinished line."""
        reply, truncated = self.llm.complete_reply(messages, kind="extraction")
        if truncated:
            self.truncated += 1
            log.warning("extraction reply for %s hit LLM_MAX_TOKENS_EXTRACTION; keeping its complete records",
                        chunk.id)
            reply = reply.rsplit("\n", 1)[0] if "\n" in reply else ""
        return reply

    def extract(
        self, chunks: list[Chunk], subjects: Iterable[str] | None = None
    ) -> list[tuple[list[EntityRecord], list[RelationRecord]]]:
        with ThreadPoolExecutor(max_workers=self.concurrency) as pool:
            return list(pool.map(self.extract_one, chunks))
