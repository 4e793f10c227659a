"""Whether a first name is a woman's or a man's, for kinship read from one side: "the second son of Martha
Peter" names his mother, not his father, and "Who is the father of X?" must not answer with her.

The lists are the first names of the Faker package's person providers (MIT licensed, drawn from census and
registry name lists) for the locales below, whose names are written in the Latin alphabet. A name on both
a locale's women's and another's men's list ("Jean", "Andrea") tells nothing.
"""

from __future__ import annotations

import importlib
import re

from lightrag_core.once import once

FEMALE, MALE = "female", "male"
LOCALES = ("en_US", "en_GB", "en_IE", "en_IN", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pl_PL", "pt_BR",
           "pt_PT", "sv_SE", "da_DK", "no_NO", "cs_CZ", "hu_HU", "ro_RO", "fi_FI", "tr_TR")
# A woman's title before a name: "Mrs. Cratchit" is not Bob Cratchit, whose family name she bears
WOMANS_TITLE = r"(?:Mrs|Miss|Ms|Madame|Mme|Lady)\b\.?"
# Words before a first name that are no part of it ("Maj. George …", "Sir Henry …")
_TITLES = {"mr", "mrs", "ms", "miss", "dr", "sir", "dame", "lord", "lady", "maj", "capt", "col", "gen", "lt", "rev",
           "prof", "king", "queen", "prince", "princess", "duke", "duchess", "count", "countess", "saint", "st"}


@once  # built once, while concurrent first callers wait; warmed when a workspace opens (warmup.py)
def first_names() -> tuple[frozenset[str], frozenset[str]]:
    """Women's and men's first names, in lower case, each without the names on both lists."""
    women: set[str] = set()
    men: set[str] = set()
    for locale in LOCALES:
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        women.update(name.lower() for name in getattr(provider, "first_names_female", ()))
        men.update(name.lower() for name in getattr(provider, "first_names_male", ()))
    return frozenset(women - men), frozenset(men - women)


def sex_of(name: str) -> str:
    """FEMALE or MALE by the name's first word past any title; "" when the lists do not tell."""
    words = [w.strip(".,").lower() for w in name.split()]
    first = next((w for w in words if w and w not in _TITLES), "")
    women, men = first_names()
    return FEMALE if first in women else MALE if first in men else ""


# Roles and ranks only a woman holds: the noun before a name ("actress Ann Fell", holder_names.py) or the
# question's ("Which actress …?")
WOMEN_ROLES = frozenset({"actress", "queen", "princess", "empress", "duchess", "countess", "baroness", "wife",
                         "mother", "daughter", "sister", "grandmother", "heiress", "widow"})
# Nouns that say the person asked for is a woman, or a man ("Which actress …?", "Which king …?"). "Actor",
# "chairman" and the like are said of either.
_WOMEN = WOMEN_ROLES | {"aunt", "niece", "woman", "girl", "songstress", "heroine", "sportswoman", "businesswoman",
                        "congresswoman"}
_MEN = {"king", "prince", "emperor", "duke", "earl", "baron", "husband", "father", "son", "brother", "grandfather",
        "uncle", "nephew", "man", "boy", "widower", "businessman", "sportsman", "congressman"}
# "Dave made his Tollywood debut": a possessive within a few words after the name is the name's own
_OWN_PRONOUN = re.compile(r"^\s*(?:\w+\s+){0,3}?(his|her)\b", re.IGNORECASE)


def other_sex(noun: str, name: str, after: str) -> bool:
    """The question's noun is a woman's and the name a man's, or the other way round: by the first name, else
    by the possessive the name's own clause goes on with (`after`: the sentence after the name)."""
    wanted = FEMALE if noun in _WOMEN else MALE if noun in _MEN else ""
    if not wanted:
        return False
    own = _OWN_PRONOUN.match(after)
    sex = sex_of(name) or ((MALE if own.group(1).lower() == "his" else FEMALE) if own else "")
    return bool(sex) and sex != wanted
