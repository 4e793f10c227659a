"""A role said in the plural names none of its holders ("the two apprentices"), and a name's last word that says
what kind of thing it is ("Corporation") names no other thing of that kind."""

from __future__ import annotations

from lightrag_core.query.role_holders import holder
from lightrag_core.query.sentences import named_in, stems
from tests.unit.test_answer_called import _sentences
from tests.unit.test_short_answer import answer

WAREHOUSE = ("Old Tamsin's warehouse was busy. The Spirit signed to him to listen to the two apprentices, who were "
             "pouring out their hearts in praise of Tamsin. Likewise at the game, she beat her sisters hollow, as "
             "Topper could have told you, to the joy of Tamsin's nephew.")


def test_a_plural_role_names_no_holder() -> None:
    assert holder("Tamsin", "apprentice", _sentences(WAREHOUSE)) is None
    assert holder("Tamsin", "sister", _sentences(WAREHOUSE)) is None
    found = answer("Who was Tamsin's apprentice?", [WAREHOUSE], ["Tamsin"])
    assert found is None or not found.confident or found.text != "Spirit", found


def test_a_verb_that_looks_plural_still_names_its_holder() -> None:
    """"It stars Ana Orr": a verb, not the plural of "star"."""
    film = "Gull Gate\n\"Gull Gate\" is a 2004 short film. It stars Ana Orr as a diver and Lea Voss as a pilot."
    found = holder("Gull Gate", "star", _sentences(film))
    assert found is not None and found[0] == "Ana Orr"


def test_a_kind_word_alone_names_nothing() -> None:
    bank = stems("Harbour Private Bank Corporation is a bank holding company headquartered in Newport.")
    assert not named_in("Six Flags Entertainment Corporation", bank)
    assert not named_in("Bethel University", stems("The university has a second campus."))
    # a person still goes by the last word of the name
    assert named_in("Ebenezer Scrooge", stems("Scrooge knew it."))
    assert named_in("Six Flags Entertainment Corporation", stems("Six Flags Entertainment Corporation owns parks."))

