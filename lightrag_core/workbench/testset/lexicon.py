"""The word lists the question generator reads a parse with: what NER labels and graph types mean, which
dependencies carry a clause's meaning, and the small closed classes of words (modals, speech verbs,
vague nouns, place nouns) that decide whether a clause states a fact a question can ask about."""

from __future__ import annotations

import re

# What kind of thing an NER label names, as a question asks for it.
LABEL_KINDS = {
    "PERSON": "person", "ORG": "organisation", "GPE": "place", "LOC": "place", "FAC": "place",
    "WORK_OF_ART": "work", "EVENT": "event", "PRODUCT": "product", "LAW": "law", "LANGUAGE": "language",
    "DATE": "date", "TIME": "time", "CARDINAL": "number", "TITLE": "thing",
}
# The NER label a document title's mention gets, by the title's kind ("TITLE": a kind the graph does not say).
KIND_LABELS = {"person": "PERSON", "organisation": "ORG", "place": "GPE", "work": "WORK_OF_ART", "event": "EVENT",
               "product": "PRODUCT", "law": "LAW", "language": "LANGUAGE"}
# The graph's entity types (extract_offline.LABEL_TYPES, or an LLM's) as the same kinds.
TYPE_KINDS = {
    "person": "person", "organization": "organisation", "organisation": "organisation", "location": "place",
    "geo": "place", "place": "place", "event": "event", "work": "work", "product": "product",
    "law": "law", "language": "language",
}
NAMED_KINDS = {"person", "organisation", "place", "work", "event", "product", "law", "language", "thing"}
# Dependents that carry the clause's meaning into a question; the rest (clauses, asides, punctuation) go.
PREDICATE_DEPS = {"dobj", "dative", "prep", "agent", "attr", "acomp", "oprd", "prt", "npadvmod", "xcomp"}
# Inside a kept phrase, these subtrees are asides a question leaves out.
ASIDE_DEPS = {"relcl", "appos", "acl", "advcl", "punct", "parataxis", "dep", "meta", "intj", "cc", "conj",
              "mark", "ccomp", "advmod", "preconj", "predet"}
SUBJECT_DEPS = {"nsubj", "nsubjpass"}
RELATIVE_PRONOUNS = {"who", "which", "that", "whom"}
PRONOUNS = {"he": "person", "she": "person", "it": "thing", "him": "person", "her": "person"}
MAX_PREDICATE_TOKENS = 14
# Clausal complements: a verb that has one says something a question without it would misstate.
CLAUSAL_DEPS = {"ccomp", "csubj"}
MAX_DESCRIPTION_TOKENS = 12
MAX_PHRASE_TOKENS = 6
PRONOUN_REACH = 2  # sentences a pronoun may reach back to the last named person (a novel changes scene fast)
NAMED, TOPIC, GUESS = "named", "topic", "guess"  # how a clause's subject was found
SPEECH_VERBS = {"say", "reply", "cry", "exclaim", "mutter", "whisper", "answer", "ask", "shout", "add", "remark",
                "retort", "murmur", "rejoin", "falter", "hint", "observe", "repeat", "continue", "tell", "call",
                "declare", "scream", "sob", "laugh", "stammer", "groan", "sigh", "inquire", "enquire", "demand"}
QUOTES = {'"', "'", "“", "‘", "`", "«"}
MODALS = {"can", "could", "may", "might", "must", "shall", "should", "will", "would", "ca", "wo", "'ll", "'d", "’ll",
          "’d"}
OPINION_VERBS = {"think", "believe", "guess", "hope", "feel", "bet", "wish", "suppose", "reckon", "imagine",
                 "doubt", "wonder", "say", "hear", "agree", "mean"}
# A phrase answer opens with these only when it points back into the conversation ("that bill", "those games").
DEICTIC = {"this", "that", "these", "those", "some", "any", "such", "another", "other", "what", "which", "no",
           "every", "each", "all", "both"}
DEMONSTRATIVES = {"this", "that", "these", "those"}
# Head nouns too vague to be an answer.
GENERIC_NOUNS = {"time", "way", "thing", "one", "lot", "part", "kind", "sort", "day", "year", "moment", "word",
                 "place", "number", "end", "rest", "side", "fact", "case", "point", "use", "deal", "bit", "piece",
                 "something", "anything", "nothing", "everything", "other", "others", "same", "first", "last"}
# What is done to a company or a thing, never to a person ("Y was founded in 1850"; a player may be acquired,
# sold or released, so those are not here).
NOT_DONE_TO_PERSON = {"merge", "found", "establish", "incorporate", "headquarter", "publish", "manufacture",
                      "construct", "build", "locate", "broadcast", "dissolve", "launch", "situate"}
# "I love the idea of adding flowers": a speaker's reaction to what someone said, which several in a chat share
REACTION_NOUNS = {"idea", "thought", "concept", "notion", "sound", "suggestion", "vibe", "vibes"}
LIKING_VERBS = {"love", "like", "enjoy", "adore", "dig", "appreciate", "prefer", "dislike", "hate"}
# Verbs too general to carry a question alone.
LIGHT_VERBS = {"know", "have", "see", "say", "ask", "take", "get", "make", "do", "give", "find", "think", "feel",
               "want", "tell", "leave", "keep", "hold", "put", "like", "look", "hear", "mean", "let", "use",
               "include", "become", "show", "turn", "bring", "call", "follow", "observe", "set", "seem", "try"}
# Common nouns of places: "in the office" is asked with "Where".
PLACE_NOUNS = {"house", "home", "room", "office", "shop", "store", "street", "city", "town", "village", "church",
               "school", "chambers", "chamber", "hall", "kitchen", "garden", "yard", "market", "tavern", "inn",
               "hotel", "hospital", "prison", "court", "courtyard", "castle", "palace", "cellar", "attic",
               "parlour", "parlor", "bedroom", "warehouse", "factory", "station", "port", "harbour", "harbor",
               "library", "museum", "theatre", "theater", "stadium", "park", "field", "farm", "forest", "wood",
               "woods", "mountain", "valley", "river", "lake", "sea", "island", "country", "capital", "square",
               "counting-house", "churchyard", "graveyard", "cemetery", "lane", "road", "bridge", "tower",
               "laboratory", "lab", "campus", "headquarters", "plant", "mine", "camp", "base", "building",
               "apartment", "flat", "restaurant", "cafe", "bar", "pub", "club", "gallery", "studio"}
# Prepositions whose plain noun phrase a question can ask for ("What did Peter plunge a fork into?").
PHRASE_PREPS = {"into", "with", "from", "about", "for", "on", "under", "through", "towards", "against", "upon", "to",
                "over", "across", "behind", "beside", "at", "beneath", "around", "among", "onto", "along", "past"}
# Participles that describe a lasting state ("headquartered in Y"): asked in the present.
STATE_VERBS = {"headquarter", "locate", "base", "situate", "own", "operate", "know", "call", "name", "set",
               "compose", "make", "home", "border"}
# What makes a description pick out one thing: a name, a date, a number (not a nationality alone).
SPECIFIC_LABELS = {"PERSON", "ORG", "GPE", "LOC", "FAC", "WORK_OF_ART", "EVENT", "PRODUCT", "DATE", "LAW",
                   "LANGUAGE", "TITLE"}
# Nouns a first sentence calls its subject by, and the kind each says (checked before NER, which often
# labels a person ORG and a film PERSON).
NOUN_KINDS = {
    "person": {"actor", "actress", "singer", "writer", "author", "director", "politician", "player", "footballer",
               "musician", "poet", "painter", "composer", "producer", "journalist", "scientist", "artist",
               "novelist", "screenwriter", "comedian", "rapper", "songwriter", "businessman", "businesswoman",
               "engineer", "architect", "philosopher", "historian", "physicist", "chemist", "economist", "lawyer",
               "judge", "general", "officer", "soldier", "king", "queen", "prince", "princess", "emperor", "bishop",
               "priest", "coach", "athlete", "cricketer", "wrestler", "boxer", "model", "dancer", "guitarist",
               "drummer", "bassist", "pianist", "conductor", "photographer", "designer", "inventor", "entrepreneur",
               "diplomat", "member", "manager", "executive", "personality", "presenter", "host", "man", "woman",
               "wife", "husband", "son", "daughter", "father", "mother", "brother", "sister", "nephew", "niece",
               "uncle", "aunt", "cousin", "friend", "partner", "clerk", "child", "boy", "girl", "widow", "heir"},
    "organisation": {"band", "company", "organization", "organisation", "club", "team", "university", "college",
                     "school", "party", "group", "corporation", "firm", "label", "network", "magazine", "newspaper",
                     "publisher", "agency", "association", "society", "federation", "league", "airline",
                     "manufacturer", "brand", "studio", "institute", "foundation", "charity", "duo", "trio",
                     "ensemble", "orchestra", "choir", "conglomerate", "subsidiary", "bank", "retailer", "chain"},
    "work": {"film", "movie", "album", "song", "single", "novel", "book", "series", "game", "episode", "play",
             "opera", "musical", "documentary", "sitcom", "show", "programme", "program", "poem", "painting",
             "sonata", "symphony", "comic", "manga", "anime", "soundtrack", "ep", "video", "drama", "miniseries"},
    "place": {"city", "town", "village", "country", "river", "mountain", "lake", "island", "county", "state",
              "province", "region", "district", "municipality", "suburb", "neighbourhood", "neighborhood", "capital",
              "area", "community", "borough", "parish", "commune", "valley", "peninsula", "airport", "station",
              "stadium", "park", "bridge", "building", "castle", "church", "cathedral", "museum", "hotel",
              "street", "road", "highway", "bay", "sea", "ocean", "desert", "forest", "volcano", "hamlet"},
}

# Two words that are one noun, whose last alone would misname the thing ("a soap opera" is no opera).
COMPOUND_NOUNS = {"soap opera", "video game", "comic book", "talk show", "game show", "reality show", "record label"}

# "the event", "the band" with no name after it: a reference back to what the passage is about, which a
# question taken out of the passage cannot make.
ANAPHORIC_NOUNS = NOUN_KINDS["work"] | NOUN_KINDS["organisation"] | {
    "event", "tournament", "competition", "match", "season", "race", "election", "war", "battle", "ceremony",
    "festival", "award", "project", "product", "model", "character", "role", "track", "record", "release"}


# A name's own head noun says what it is, better than the NER's label ("Liberty Church Road", "the Atlantic Division",
# "the Further and Higher Education Act" were all labelled ORG), and reads as the question's type word ("Which road
# is … located on?"). Only for these nouns: a work's title may end in any noun ("Ghost Town").
HEAD_KINDS = {
    **{noun: "organisation" for noun in NOUN_KINDS["organisation"] - {"label", "brand", "duo", "trio"}},
    **{noun: "organisation" for noun in ("division", "conference", "council", "committee", "commission", "ministry",
                                          "department", "senate", "parliament", "assembly", "congress", "cabinet",
                                          "army", "navy", "regiment", "academy", "seminary", "hospital", "museum")},
    **{noun: "place" for noun in NOUN_KINDS["place"] - {"community", "state", "building"}},
    **{noun: "place" for noun in ("route", "avenue", "lane", "square", "boulevard", "parkway", "expressway",
                                  "motorway", "freeway", "canal", "creek", "reservoir", "dam", "arena", "mountains",
                                  "islands", "hills", "falls", "harbour", "harbor", "port", "palace", "tower")},
    **{noun: "event" for noun in ("war", "battle", "championship", "championships", "cup", "election",
                                  "festival", "tournament", "rally", "marathon", "revolution", "uprising", "siege",
                                  "massacre", "crisis", "campaign", "expedition", "riots", "rebellion")},
    **{noun: "law" for noun in ("act", "treaty", "amendment", "accord", "accords", "charter", "constitution")},
    "language": "language",  # "Malayalam Language" is asked with "Which language", not "Where"
}

# Place nouns an organisation is named with: a club or a team ("Manchester City", "Derby County", "Crystal Palace",
# "Real Salt Lake"), a church, a band ("Union Station"): they do not make an organisation a place.
ORGANISED_PLACES = {"city", "town", "county", "borough", "village", "palace", "forest", "lake", "park", "valley",
                    "island", "islands", "port", "harbour", "harbor", "hall", "state", "bay", "mountains", "hills",
                    "falls", "church", "cathedral", "station"}


def head_noun(name: str) -> str:
    """The noun a name is built on, lower-cased: the word before its first "of" ("University of Oregon"), else its
    last ("Liberty Church Road")."""
    before_of, of, _ = name.partition(" of ")
    words = re.findall(r"[A-Za-z][\w'’-]*", before_of)
    # (a one-word name has no head noun: "Oregon"; "Cabinet of South Australia" has)
    return words[-1].lower() if words and (of or len(words) > 1) else ""


def named_by_head(name: str, kind: str) -> tuple[str, str]:
    """(kind, type noun) a name's head noun gives it, or ("", ""): for a name the NER or the graph called an
    organisation, a place, a law or nothing; an event or a product only gets a better noun of its own kind ("Which
    championship"), not another kind ("the Boston Tea Party" is no organisation); a person or a work keeps its kind
    ("Abbey Road" is an album when the graph says so). A parenthesised qualifier says it for any kind ("Big Hero 6
    (film)")."""
    qualifier = re.search(r"\s*\(([^()]*)\)\s*$", name)
    if qualifier:
        said = qualifier.group(1).lower()
        if kind_of_noun(said):
            return kind_of_noun(said), said
        name = name[:qualifier.start()]  # "Ford Motor Company (UK)": the name's own head
    head = head_noun(name)
    if kind in {"person", "work"} or head not in HEAD_KINDS:
        return "", ""
    if kind in {"event", "product"} and HEAD_KINDS[head] != kind:
        return "", ""
    if kind == "organisation" and head in ORGANISED_PLACES:
        return "", ""
    return HEAD_KINDS[head], head


def kind_of_noun(noun: str) -> str:
    """The kind a title's own description gives it: "X is an Italian film director" -> person ("soap opera": a
    compound's last word)."""
    noun = noun.rsplit(" ", 1)[-1]
    for kind, nouns in NOUN_KINDS.items():
        if noun in nouns:
            return kind
    return ""
