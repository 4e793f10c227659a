"""Prompt texts for the LLM path. Kept together so they can be read and tuned as one."""

FIELD_SEP = "<|#|>"
RECORD_END = "<|COMPLETE|>"

EXTRACTION = """You build a knowledge graph from text.

Find the entities in the text below, of these types: {entity_types}.
Then find the relationships between pairs of those entities that the text clearly states.

Write one record per line, fields separated by {sep}, and nothing else:
entity{sep}<name>{sep}<type>{sep}<one or two sentences describing the entity, from the text>
relation{sep}<source>{sep}<target>{sep}<comma-separated keywords>{sep}<one sentence on the relation>{sep}<strength 1-10>

Rules:
- Use each entity's full name as written in the text, in the same form every time.
- A relation's source and target must be entities you listed, and must differ.
- Write the descriptions in {language}.
- After the last record, write {end} on its own line.

Text:
```
{text}
```
"""

GLEANING = """Some entities or relationships in the text may have been missed.
Write only the additional records, in the same format, then {end} on its own line.
If nothing was missed, write only {end}."""

KEYWORDS = """Read the question and list its search keywords as JSON, with no other text:
{{"high_level_keywords": [broad themes and concepts], "low_level_keywords": [specific names, entities, details]}}

{history}Question: {query}
"""

SUMMARY = """Merge these descriptions of the {kind} "{name}" into one description of at most {max_words} words.
Keep every distinct fact; drop repetition; write in the third person.

Descriptions:
{descriptions}
"""

RAG_ANSWER = """You answer questions from the context below, which holds knowledge-graph entities,
relationships and document chunks, each chunk with a reference id.

Rules:
- Use only facts from the context. If it does not hold the answer, say so.
- Cite the references you used as [n], with n the reference id.
- Format: {response_type}.
{user_prompt}
---Context---
{context}
"""

NAIVE_ANSWER = RAG_ANSWER

BYPASS_ANSWER = """Answer the question directly. Format: {response_type}.
{user_prompt}"""
