"""The weights of a candidate span's score (`candidates.py`): how much each tie to the question counts, and
how much each sign that the span's sentence is about something else takes away. Each was measured on
hotpotqa_100 and the wiki_forms batches (`bench/wiki_forms.py`) when it was set.
"""

from __future__ import annotations

from lightrag_core.query.sentences import stems

POOL = 12  # best-scored sentences parsed for candidates (spaCy costs ~2 ms a sentence)
BRIDGE_SENTENCES = 12  # sentences reached through bridges, parsed too
# A sentence that names none of the question's names states something about something else ("The show
# starred Orlando Bloom" for "Simon & Simon starred which actor?"): its spans count for this much.
UNREACHED = 0.6
# … and one that speaks of its own passage's subject, which the question does not name either ("The show
# starred …" in a passage about another show), for this much more.
OTHER_SUBJECT = 0.6
# "Who is the first spirit to visit X?" asks for someone the text calls a spirit: a span from a sentence
# that calls no one that ("They entered poor Bob Cratchit's house; the dwelling he had visited") counts
# for this much.
UNNAMED_IDENTITY = 0.6
# "What Australian city …?": a span from a sentence that says nothing Australian counts for this much.
UNQUALIFIED = 0.6
HEAD_WORD = 0.4  # weight of a span holding the question's noun ("what county?": "Rockland County")
AGENT = 0.4  # weight of a span that does what the question asks ("directed by <span>" for "who directed")
PROXIMITY = 0.4  # weight of the span's tie to the question's relation words
BRIDGE_ONWARD = 0.85  # a bridge whose onward answer scores at least this share of its own …
BRIDGE_PENALTY = 0.6  # … is discounted by this factor
# Asked, seldom stated: "a French director" says the nationality, "a village in Poland" where it is located.
UNSTATED = {"nationality", "citizenship", *stems("located situated released")}  # "a 1954 film": released then
LIFE_EVENT = 0.5  # weight of a date or place given for the birth or death the question asks about
NEGATED = 0.5  # a sentence that says "not" of what the question asks states it for none of its spans
# "Which Danish heavy metal band from Copenhagen …?": a span its sentence calls a band, weighted by how
# much of the question's "Danish heavy metal … from Copenhagen" that sentence says.
DEFINED = 0.5
# "Celebrities like Rekha, Anupam Kher, Irrfan Khan …": a sentence that lists LIST or more names of a kind
# singles out none of them, and each counts for this much.
LIST, LISTED = 3, 0.6
OTHER_SEX = 0.3  # "Which actress …?": a man, by his first name or by "his" after his name
SPEAKER = 0.4  # weight of being who says a chat line, for "who …?" (as AGENT for a span)
STAMPED = 0.4  # weight of a chat line's time stamp, for "when did X …?"
# "Who suggests …?": a line after another speaker's on the same topic in the same message is a reply
REPLY = 0.5  # lihuaworld multihop: 5 more right confident answers, no wrong one (0.3 the same, 0.7 three)
