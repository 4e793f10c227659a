"""LLM extraction: delimiter-separated entity and relation records, with gleaning.

Parsing is forgiving: a malformed record is dropped with a warning and the
rest of the reply is kept.
"""

from __future__ import annotations

import logging
import re
import threading
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor

from lightrag_core import prompts
from lightrag_core.indexing.report import ExtractionNotes
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
LOOP_REPEATS = 3  # the same record head this many times: the model is looping, not listing


def repeating(reply: str) -> bool:
    """Whether the reply's complete lines name the same record (kind and names) LOOP_REPEATS times.

    Small models at temperature 0 fall into emitting one record, or one pair with new keywords, until
    the cap: minutes of generation that add nothing but duplicates.
    """
    lines = reply.split("\n")[:-1]  # the last one may be unfinished
    if len(lines) < LOOP_REPEATS:
        return False
    heads = Counter(_record_head(line) for line in lines)
    heads.pop("", None)
    return bool(heads) and heads.most_common(1)[0][1] >= LOOP_REPEATS


def _record_head(line: str) -> str:
    fields = [f.strip().lower() for f in line.strip().split(prompts.FIELD_SEP)]
    if fields[0] == "entity" and len(fields) >= 2:
        return "entity|" + fields[1]
    if fields[0] in {"relation", "relationship"} and len(fields) >= 3:
        return "relation|" + "|".join(sorted(fields[1:3]))
    return ""


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


class Dropped(ValueError):
    """A record line that is not kept, and why (a key of the per-document counts)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


def _check_name(name: str, chunk: Chunk, notes: Counter[str]) -> None:
    if is_template_echo(name):
        raise Dropped("placeholder", f"{name!r} is the template's placeholder, not a name")
    found = support(name, chunk.content)
    if found == "none":
        raise Dropped("not in the text", f"{name!r} is not in the text")
    if found == "near":
        notes["near-miss names kept"] += 1
        log.warning("kept %r in %s: its words are in the text, not in this form", name, chunk.id)


def _entity_in_disguise(fields: list[str], chunk: Chunk) -> bool:
    """relation|name|type|description: small models mix up the two record shapes. The "type" is one
    lower-case word the text does not hold as a name, and there is no fourth and fifth field."""
    if len(fields) != 4:
        return False
    kind = fields[2]
    return bool(re.fullmatch(r"[a-z_]+", kind)) and support(kind, chunk.content) == "none"


def parse_records(reply: str, chunk: Chunk, notes: Counter[str] | None = None
                  ) -> tuple[list[EntityRecord], list[RelationRecord], Counter[str]]:
    """Entities, relations and the lines dropped by reason: malformed, a placeholder echoed from the
    template, a self-loop, a type with markup, or a name the chunk does not contain. Near-miss names
    (kept) are counted in `notes`."""
    entities: list[EntityRecord] = []
    relations: list[RelationRecord] = []
    dropped: Counter[str] = Counter()
    notes = notes if notes is not None else Counter()
    for raw in reply.splitlines():
        line = raw.strip().strip("`").strip()
        if not line or line == prompts.RECORD_END or line.startswith("```"):
            continue
        fields = [f.strip() for f in line.split(prompts.FIELD_SEP)]
        kind = fields[0].lower().strip("(\"' ")
        if kind in {"relation", "relationship"} and _entity_in_disguise(fields, chunk):
            kind = "entity"  # an entity record labelled relation: name, type, description
            notes["entity records labelled relation"] += 1
        try:
            if kind == "entity" and len(fields) >= 4:
                name, etype, desc = canonical_name(fields[1]), fields[2].strip().lower(), fields[3]
                if not name or not desc or not etype:
                    raise Dropped("malformed", "empty name, type or description")
                if is_template_echo(name):  # before the type: an echoed template has `<type>` too
                    raise Dropped("placeholder", f"{name!r} is the template's placeholder, not a name")
                if _BAD_TYPE.search(etype):
                    raise Dropped("type with markup", f"type {etype!r} has markup")
                _check_name(name, chunk, notes)
                entities.append(EntityRecord(name, etype.replace(" ", "_"), desc, chunk.id, chunk.file_path))
            elif kind in {"relation", "relationship"} and len(fields) >= 5:
                src, tgt = canonical_name(fields[1]), canonical_name(fields[2])
                if src and src.lower() == tgt.lower():
                    raise Dropped("self-loop", "both ends are the same entity")
                if not src or not tgt or not fields[4]:
                    raise Dropped("malformed", "missing end or no description")
                _check_name(src, chunk, notes)
                _check_name(tgt, chunk, notes)
                weight = 1.0
                if len(fields) >= 6 and fields[5]:
                    weight = float(re.findall(r"[\d.]+", fields[5])[0])
                relations.append(RelationRecord(src, tgt, fields[3], fields[4], weight, chunk.id, chunk.file_path))
            else:
                raise Dropped("malformed", "unknown record kind or too few fields")
        except (ValueError, IndexError) as exc:
            dropped[exc.reason if isinstance(exc, Dropped) else "malformed"] += 1
            log.warning("dropped extraction record in %s (%s): %.120s", chunk.id, exc, line)
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
        self._notes: dict[str, ExtractionNotes] = {}  # per chunk id, for the per-document counts
        self._notes_lock = threading.Lock()

    def notes_for(self, chunk_ids: Iterable[str]) -> ExtractionNotes:
        """What was dropped or flagged while extracting these chunks (this run)."""
        with self._notes_lock:
            return ExtractionNotes.total(self._notes.pop(c) for c in chunk_ids if c in self._notes)

    def extract_one(self, chunk: Chunk) -> tuple[list[EntityRecord], list[RelationRecord]]:
        prompt = prompts.EXTRACTION.format(
            entity_types=self.entity_types,
            sep=prompts.FIELD_SEP,
            end=prompts.RECORD_END,
            language=self.language,
            text=chunk.content,
        )
        messages = [("user", prompt)]
        notes = ExtractionNotes()
        reply = self._reply(messages, chunk, notes)
        check_reply(reply, chunk)
        entities, relations, dropped = parse_records(reply, chunk, notes.flags)
        notes.dropped.update(dropped)
        for _ in range(self.max_gleaning):
            messages = [*messages, ("assistant", reply), ("user", prompts.GLEANING.format(end=prompts.RECORD_END))]
            reply = self._reply(messages, chunk, notes)
            more_e, more_r, dropped = parse_records(reply, chunk, notes.flags)
            notes.dropped.update(dropped)
            if not more_e and not more_r:
                break
            names = {e.name.lower() for e in entities}
            entities += [e for e in more_e if e.name.lower() not in names]
            relations += more_r
        with self._notes_lock:
            self._notes[chunk.id] = notes
        return entities, relations

    def _reply(self, messages: list[tuple[str, str]], chunk: Chunk, notes: ExtractionNotes) -> str:
        """The model's records; a reply cut short (at the token cap, or because it started repeating
        itself) loses its last, unfinished line."""
        reply, ending = self.llm.complete_reply(messages, kind="extraction", give_up=repeating)
        if ending in {"length", "cut"}:
            self.truncated += 1
            why = "hit LLM_MAX_TOKENS_EXTRACTION" if ending == "length" else "started repeating records"
            notes.flags["replies cut at the token cap" if ending == "length" else "replies cut while looping"] += 1
            log.warning("extraction reply for %s %s; keeping its complete records", chunk.id, why)
            reply = reply.rsplit("\n", 1)[0] if "\n" in reply else ""
        return reply

    def extract(
        self, chunks: list[Chunk], subjects: Iterable[str] | None = None
    ) -> list[tuple[list[EntityRecord], list[RelationRecord]]]:
        with ThreadPoolExecutor(max_workers=self.concurrency) as pool:
            return list(pool.map(self.extract_one, chunks))
