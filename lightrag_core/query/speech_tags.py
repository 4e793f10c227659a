"""Who speaks in a novel's quotation is not what the quotation is about.

"'Spirit,' said Scrooge submissively, 'conduct me where you will.'" names Scrooge as the speaker: asked
"Who is the last spirit?", he is the best person in the sentence but no answer. A name in a speech tag (a
verb of saying beside a closing quote) answers only a question about who said something.
"""

from __future__ import annotations

import re

_SAYING = (r"(?:said|says|asked|asks|cried|replied|returned|exclaimed|answered|observed|remarked|continued|"
           r"pursued|resumed|added|muttered|whispered|shouted|rejoined|repeated|retorted|urged|interposed|"
           r"inquired|enquired|demanded|faltered|sobbed|laughed)")
_QUOTE_END = r"[,!?.]?\s*['\"’”]"
# a question about saying ("Who said …?", "Who told Fred …?", "What did Scrooge cry …?")
_ASKS_SAYING = re.compile(r"\b(?:say|says|said|saying|ask|asks|asked|cry|cried|tell|tells|told|reply|replied|"
                          r"shout|shouted|exclaim|exclaimed|answer|answered|call|called|speak|spoke|utter|uttered|"
                          r"whisper|whispered|mutter|muttered)\b", re.IGNORECASE)


def asks_about_saying(query: str) -> bool:
    return _ASKS_SAYING.search(query) is not None


def speech_tag(text: str, name: str) -> bool:
    """`name` stands in `text` only as the speaker of a quotation: "…,' said Scrooge", "…!' Scrooge cried"."""
    if not name:
        return False
    written = re.escape(name)
    tags = (rf"{_QUOTE_END}\s*{_SAYING}\s+(?:the\s+)?{written}\b",
            rf"{_QUOTE_END}\s*(?:the\s+)?{written}\s+{_SAYING}\b")
    told = sum(len(re.findall(tag, text)) for tag in tags)
    return told > 0 and told >= len(re.findall(rf"(?<!\w){written}(?!\w)", text))
