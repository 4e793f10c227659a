"""Prompt texts for the LLM path. Kept together so they can be read and tuned as one."""

FIELD_SEP = "<|#|>"
RECORD_END = "<|COMPLETE|>"

EXTRACTION = """You build a knowledge graph from text.

Find the entities in the text below, of these types: {entity_types}.
Then find the relationships between pairs of those entities that the text clearly states.

Write one record per line, fields separated by {sep}, and nothing else. An entity record has four
fields: the word entity, the entity's name, its type, and one or two sentences about it taken from
the text. A relation record has six fields: the word relation, the first entity's name, the second
entity's name, a few comma-separated keywords, one sentence on how they are related, and a strength
from 1 to 10.

Example. For the text "Ada Lovelace wrote the first program for the Analytical Engine, a machine
designed by Charles Babbage in London." and the types person, work, location, the records are:
entity{sep}Ada Lovelace{sep}person{sep}Ada Lovelace wrote the first program for the Analytical Engine.
entity{sep}Analytical Engine{sep}work{sep}The Analytical Engine is a machine designed by Charles Babbage.
entity{sep}Charles Babbage{sep}person{sep}Charles Babbage designed the Analytical Engine in London.
entity{sep}London{sep}location{sep}London is where Charles Babbage designed the Analytical Engine.
relation{sep}Ada Lovelace{sep}Analytical Engine{sep}program{sep}Ada Lovelace wrote its first program.{sep}9
relation{sep}Charles Babbage{sep}Analytical Engine{sep}design, invention{sep}Charles Babbage designed it.{sep}9
relation{sep}Charles Babbage{sep}London{sep}place of work{sep}Charles Babbage designed the machine in London.{sep}5
{end}

Rules:
- Names are written exactly as they appear in the text, the same way every time.
- A relation joins two different entities you listed: its second and third fields are both entity
  names, never a type. Write each pair once.
- Use only the types listed above; write the descriptions in {language}.
- After the last record, write {end} on its own line.

Text:
```
{text}
```
"""

# With nothing retrieved the LLM is not asked (it would answer from its own memory and cite nothing).
NO_CONTEXT_ANSWER = ("Nothing in the indexed documents matches this question, so there is no answer to give "
                     "from them. [no-context]")

GLEANING = """Some entities or relationships in the text may have been missed.
Write only the additional records, in the same format, then {end} on its own line.
If nothing was missed, write only {end}."""

KEYWORDS = """Read the question and list its search keywords as JSON, with no other text.
high_level_keywords are the broad themes and concepts; low_level_keywords are the specific names,
entities and details, written as they appear in the question.

Example. For the question "Which university did the author of The Selfish Gene teach at?":
{{"high_level_keywords": ["university", "author", "teaching"], "low_level_keywords": ["The Selfish Gene"]}}

{history}Question: {query}
"""

SUMMARY = """Merge these descriptions of the {kind} "{name}" into one description of at most {max_words} words.
Keep every distinct fact; drop repetition; write in the third person. Write only the description:
no heading, no list, no notes about the task.

Example. For the entity "Charles Babbage" and the descriptions:
- Charles Babbage designed the Analytical Engine.
- Charles Babbage was an English mathematician who designed the Analytical Engine in London.
- Babbage worked with Ada Lovelace.
the description is:
Charles Babbage was an English mathematician who designed the Analytical Engine in London and worked
with Ada Lovelace.

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
