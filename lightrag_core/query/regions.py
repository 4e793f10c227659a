"""The states and provinces of the countries English encyclopaedic text places things in most.

"From what state?" is answered by a state, and "which city?" is not: the small NER model calls Oregon,
Portland and the United States all GPE, so the level of a place is read off these names. A name that is
as often a city ("New York", "Washington", "Quebec") counts as a state, but never as "not a city".
"""

from __future__ import annotations

import re


def _names(text: str) -> frozenset[str]:
    return frozenset(n.strip() for n in text.lower().split(",") if n.strip())


# Each country's states and provinces (Georgia and Punjab are left out: each is also a country's name or
# another country's province)
_STATES_OF = {country: _names(names) for country, names in {
    "united states": """alabama, alaska, arizona, arkansas, california, colorado, connecticut, delaware, florida,
        hawaii, idaho, illinois, indiana, iowa, kansas, kentucky, louisiana, maine, maryland, massachusetts, michigan,
        minnesota, mississippi, missouri, montana, nebraska, nevada, new hampshire, new jersey, new mexico, new york,
        north carolina, north dakota, ohio, oklahoma, oregon, pennsylvania, rhode island, south carolina, south dakota,
        tennessee, texas, utah, vermont, virginia, washington, west virginia, wisconsin, wyoming""",
    "canada": """alberta, british columbia, manitoba, new brunswick, newfoundland and labrador, nova scotia, ontario,
        prince edward island, quebec, saskatchewan, yukon, nunavut, northwest territories""",
    "australia": """new south wales, queensland, south australia, tasmania, victoria, western australia,
        northern territory, australian capital territory""",
    "india": """andhra pradesh, assam, bihar, goa, gujarat, haryana, karnataka, kerala, madhya pradesh, maharashtra,
        odisha, rajasthan, tamil nadu, telangana, uttar pradesh, west bengal""",
    "germany": """bavaria, baden-württemberg, saxony, hesse, lower saxony, north rhine-westphalia,
        rhineland-palatinate, thuringia""",
}.items()}
_STATES = frozenset().union(*_STATES_OF.values()) | {"georgia", "punjab"}
# States that share their name with a city as well known: "which city?" may be answered by them.
_ALSO_CITIES = _names("new york, washington, quebec, victoria")
_STATE_OF = re.compile(r"^(?:the\s+)?(?:state|province|commonwealth)\s+of\s+", re.IGNORECASE)


def _key(name: str) -> str:
    return _STATE_OF.sub("", " ".join(name.lower().split())).removesuffix(" state")


def is_state(name: str) -> bool:
    """A state or province by name ("Oregon", "the State of New York", "Tamil Nadu")."""
    return _key(name) in _STATES


def is_only_state(name: str) -> bool:
    """A state or province whose name is no well-known city's: not an answer to "which city?"."""
    key = _key(name)
    return key in _STATES and key not in _ALSO_CITIES


def named_after_state(name: str) -> bool:
    """A name that opens with a state's and goes on ("New York Jets", "New York City", "Ohio State
    University"): something in or of the state, not the state."""
    key = _key(name)
    return key not in _STATES and any(key.startswith(state + " ") for state in _STATES)


def country_of_state(name: str) -> str:
    """The country a state or province is in ("Texas": "united states"), else ""; not for names that are
    as often a city or a person's ("Washington", "Victoria", "New York", "Quebec")."""
    key = _key(name)
    if key in _ALSO_CITIES:
        return ""
    return next((country for country, states in _STATES_OF.items() if key in states), "")

