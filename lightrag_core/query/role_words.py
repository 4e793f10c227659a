"""The words sentences state a role with: "directed by" for a director, "son of" for a father, "stars"
for a film's lead; the verb forms a question asks by ("starred" → "star"); and kinship that is a chain of
two ties. `roles.py` reads the role phrases of questions with them, `role_holders.py` finds the holders.
"""

from __future__ import annotations

# Cue words that state each role in a sentence about its subject.
# "… is a 1969 novel by Irwin Shaw": a book's author, as a song's performer below, is mostly stated by "by"
BOOK_BY = ("novel by", "book by", "poem by", "story by", "play by", "memoir by")
ROLE_WORDS = {"director": ("direct",), "composer": ("compos", "music"),
              "author": ("author", "writ", "wrote", *BOOK_BY), "writer": ("writ", "wrote", *BOOK_BY),
              "screenwriter": ("writ", "wrote", "screenplay"),
              "producer": ("produc",), "creator": ("creat",), "founder": ("found",),
              # "… is a song by American singer Dana Whitfield": a song's performer is mostly stated by "by".
              "performer": ("perform", "song by", "single by", "album by", " ep by", "recorded by", "sung by"),
              "singer": ("sing", "sung", "perform", "song by", "single by", " ep by", "recorded by"),
              "father": ("father", "son of", "daughter of", "child of", "heir of"),
              "mother": ("mother", "son of", "daughter of", "child of"),
              "husband": ("husband", "married"), "wife": ("wife", "married"),
              "spouse": ("married", "wife", "husband", "spouse"),
              # Family and work ties, stated by their own noun ("youngest son of B", "A, clerk to B").
              "son": ("son of", "his son", "her son"), "daughter": ("daughter",),
              "child": ("his son", "her son", "their son", "daughter", "child"),
              # a sibling is also the one whose sister (or brother) the subject is: "she was the sister of X"
              "brother": ("brother", "sister of", "sibling"), "sister": ("sister", "brother of", "sibling"),
              "sibling": ("brother", "sister", "sibling"), "nephew": ("nephew",), "niece": ("niece",),
              "uncle": ("uncle",),
              "aunt": ("aunt",), "clerk": ("clerk",), "partner": ("partner",), "employer": ("employ",),
              "apprentice": ("apprentic",), "servant": ("servant",), "fiancée": ("fianc",), "fiance": ("fianc",),
              # Who made, owns or runs a work or a firm ("the publisher of X", "X's developer").
              "publisher": ("publish",), "editor": ("editor", "edited by"), "owner": ("owned by", "owner", "owns "),
              "developer": ("develop",), "manufacturer": ("manufactur", "made by", "built by"),
              "operator": ("operated by", "operator"), "designer": ("design",),
              "architect": ("architect", "designed by"),
              "distributor": ("distribut",), "illustrator": ("illustrat",), "translator": ("translat",),
              "narrator": ("narrat",), "coach": ("coach",), "captain": ("captain",), "sponsor": ("sponsor",),
              # a firm's owner, stated from the firm's side ("Pizza Hut … is a subsidiary of Yum! Brands")
              # ("owned by" is not: "Its headquarters building was owned by …")
              "parent company": ("subsidiary of", "parent company", "division of"),
              # an election's other candidate ("Moshe Katsav … ran against Shimon Peres"; not "defeated", said of
              # whoever won anything: "His son … defeated Mark Ruiz in a school election")
              "opponent": ("ran against", "opponent"),
              # a show's judges ("The judges and mentors are English chef … Nigella Lawson")
              "judge": ("judge",),
              # a film's or a show's lead: "starring Sid Haig, …", "It stars Sandra Oh as …"
              "star": ("starring", "stars ", "starred "),
              # a band's members ("the drummer of Metallica": "best known as the drummer … of … Metallica")
              "drummer": ("drummer", "drums"), "guitarist": ("guitarist",), "bassist": ("bassist", "bass guitar"),
              "vocalist": ("vocalist", "lead vocals", "lead singer", "frontman"),
              "frontman": ("frontman", "lead singer", "lead vocals", "vocalist"),
              "keyboardist": ("keyboardist", "keyboards"),
              # told from the younger side too: "the great-grandson of the late President Chiang Kai-shek"
              # (a queen or a lady named there is a grandmother: role_holders.py skips her)
              "great-grandfather": ("great-grandfather", "great-grandson of", "great-granddaughter of"),
              "great-grandmother": ("great-grandmother",), "grandfather": ("grandfather", "grandson of",
                                                                          "granddaughter of"),
              # "X's current club": the club a player plays for ("plays as a midfielder for Serie A club Y")
              # (a career told in the past: "He played for the Philadelphia Eagles (1941, 1945–1949)")
              "club": ("club", "plays for", "played for", "signed for", "joined"),
              "team": ("team", "plays for", "played for", "joined"),
              # "the record label of X": the label X signed with, records for or released through
              # the act behind a record ("X is … band F.I.R.'s third album"), or a member's band
              "band": ("band", "album by", "song by", "single by"),
              "label": ("label", "signed", "records for", "recorded for", "released by", "released through",
                        "released on")}
SOURCE_AUTHOR = "source author"
# Verbs a relative phrase asks by ("the school that X attended") and the words sentences state them with.
VERB_CUES = {"attend": ("attend", "studied at", "educated at", "graduated from"),
             "named after": ("named after", "named for"),
             # "the actor who played Benton Fraser": "portrayed by Paul Gross", "his role as … Benton Fraser"
             "play": ("played by", "portrayed by", "portrayal of", "role of", "role as", "roles as", "roles of",
                      "plays ", "played ", "playing ", "portrays ", "portrayed "),
             # "the actress who voiced Wilma Flintstone": "best remembered as the voice of Wilma Flintstone"
             "voic": ("voiced by", "voice of", "voices of", "voiced ", "voices ", "voicing "),
             # "the band that recorded X": "X is a song by … band Metallica"; "the album X was recorded for"
             "record": ("recorded by", "song by", "single by", "album by", "recorded ", "record "),
             # "the author of the book X is based on": "X is a film based on a book by Richard Bach"
             SOURCE_AUTHOR: BOOK_BY}
# Roles held by a firm, a club or a work, whose holder the passages call by the role's own noun
THINGS = {"parent company", "publisher", "developer", "manufacturer", "distributor", "operator", "club", "team",
           "label", "band"}
# Two-word names of a role ("the record label of X")
ROLE_ALIASES = {"record label": "label"}
# Kinship stated nowhere in one sentence, only as a chain of two ties: the paternal grandfather is the
# father's father, the father-in-law the spouse's father. The answer follows the chain tie by tie, and
# multihop's decomposition makes each tie a bridge of its own (decompose.py).
KIN_STEPS = {"paternal grandfather": ("father", "father"), "paternal grandmother": ("father", "mother"),
             "maternal grandfather": ("mother", "father"), "maternal grandmother": ("mother", "mother"),
             "father-in-law": ("spouse", "father"), "mother-in-law": ("spouse", "mother"),
             "stepmother": ("father", "spouse"), "stepfather": ("mother", "spouse"),
             "brother-in-law": ("spouse", "brother"), "sister-in-law": ("spouse", "sister"),
             "paternal uncle": ("father", "brother"), "maternal uncle": ("mother", "brother"),
             "paternal aunt": ("father", "sister"), "maternal aunt": ("mother", "sister")}
KIN_ROLES = ["father-in-law", "mother-in-law", "brother-in-law", "sister-in-law", "great-grandfather",
              "great-grandmother", "grandfather", "grandmother"]
_IRREGULAR = {"wrote": "writ", "written": "writ", "sang": "sung", "made": "made", "built": "built", "won": "won",
              "began": "began", "ran": "ran", "led": "led", "held": "held", "bought": "bought", "sold": "sold"}


def cue(verb: str) -> str:
    """The part of a verb that its forms share ("published" → "publish", "starred" → "star"), to find it in a
    sentence."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    for suffix in ("ied", "ed", "es", "s"):
        if verb.endswith(suffix) and len(verb) - len(suffix) >= 3:
            stem = verb[: -len(suffix)] + ("y" if suffix == "ied" else "")
            # a consonant doubled before "ed" ("starred", "planned"); not "called", "passed", "added"
            return stem[:-1] if suffix == "ed" and stem[-1] == stem[-2] and stem[-1] in "bgmnprt" else stem
    return verb
