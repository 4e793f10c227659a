from collections import Counter

from lightrag_core.indexing.extract_llm import parse_records
from lightrag_core.indexing.extract_offline import OfflineExtractor, canonical_name
from lightrag_core.models import Chunk
from lightrag_core.prompts import FIELD_SEP as S


def _chunk(text: str) -> Chunk:
    return Chunk(id="c1", doc_id="d1", order=0, tokens=0, content=text, file_path="f.txt")


def test_canonical_names():
    assert canonical_name("  the  United   States ") == "United States"
    assert canonical_name("Nolan's") == "Nolan"
    assert canonical_name('"Quoted"') == "Quoted"
    assert canonical_name("“Curly”.") == "Curly"
    assert canonical_name("Line\nBreak\tName") == "Line Break Name"
    assert canonical_name("Lilu (mythology)") == "Lilu (mythology)"
    assert canonical_name("O'Brien \"The Boss\"") == "O'Brien \"The Boss\""


def test_offline_extracts_people_places_and_a_verb_relation():
    chunk = _chunk("Marie Curie was born in Warsaw. Marie Curie worked with Pierre Curie in Paris.")
    [(ents, rels)] = OfflineExtractor().extract([chunk])
    names = {e.name: e.type for e in ents}
    assert names.get("Marie Curie") == "person"
    assert names.get("Warsaw") == "location"
    born = [r for r in rels if {r.src, r.tgt} == {"Marie Curie", "Warsaw"}]
    assert born and "bear" in born[0].keywords and "in" in born[0].keywords
    assert born[0].description.startswith("Marie Curie was born")
    assert all(r.chunk_id == "c1" and r.weight > 1.0 for r in rels)


def test_offline_subject_links_pronoun_sentences():
    chunk = _chunk("Demon Dice is a dice game. It was created by Lester Smith.")
    [(ents, rels)] = OfflineExtractor().extract([chunk], ["Demon Dice"])
    assert "Demon Dice" in {e.name for e in ents}
    assert any({r.src, r.tgt} == {"Demon Dice", "Lester Smith"} for r in rels)


def test_llm_records_parse_and_malformed_lines_are_dropped(caplog):
    reply = "\n".join([
        f"entity{S}Ada Lovelace{S}person{S}A mathematician.",
        f"entity{S}Analytical Engine{S}product{S}A mechanical computer.",
        f"relation{S}Ada Lovelace{S}Analytical Engine{S}wrote for, programmed{S}She wrote its first program.{S}8",
        f"entity{S}Broken{S}bad/type{S}desc",          # type with markup
        f"relation{S}Ada Lovelace{S}Ada Lovelace{S}self{S}loops{S}1",  # same ends
        "garbage line",
        f"relation{S}Ada Lovelace{S}Charles Babbage{S}worked with{S}They corresponded.",  # unknown end: added
        "<|COMPLETE|>",
    ])
    text = "Ada Lovelace wrote the first program for the Analytical Engine of Charles Babbage. Broken."
    ents, rels, dropped = parse_records(reply, Chunk("c1", "d", 0, 20, text))
    assert dropped == {"type with markup": 1, "self-loop": 1, "malformed": 1}
    assert {e.name for e in ents} == {"Ada Lovelace", "Analytical Engine", "Charles Babbage"}
    assert rels[0].weight == 8.0 and rels[0].keywords == "wrote for, programmed"
    assert rels[1].weight == 1.0
    assert "dropped extraction record" in caplog.text


def test_a_lone_entity_joins_the_nearest_entity_of_an_adjacent_sentence():
    from lightrag_core.indexing.extract_offline import OfflineExtractor
    from lightrag_core.models import Chunk

    text = "Jacob Marley died seven years ago. London was cold that winter. Nobody came."
    (ents, rels), = OfflineExtractor().extract([Chunk("c", "d", 0, 20, text)])
    names = {e.name for e in ents}
    assert {"Jacob Marley", "London"} <= names
    near = [(r.src, r.tgt, r.keywords, r.weight) for r in rels]
    assert ("London", "Jacob Marley", "mentioned near", 1.0) in near or \
        ("Jacob Marley", "London", "mentioned near", 1.0) in near


def test_an_entity_record_labelled_relation_is_read_as_an_entity():
    text = "The Corpus Aristotelicum collects the works of Aristotle."
    reply = "\n".join([
        f"relation{S}Corpus Aristotelicum{S}collection{S}A collection of Aristotle's works.",  # entity shape
        f"relation{S}Corpus Aristotelicum{S}Aristotle{S}A collection of his works.",  # 4 fields, a name: bad
    ])
    notes: Counter[str] = Counter()
    ents, rels, dropped = parse_records(reply, Chunk("c1", "d", 0, 20, text), notes)
    assert [(e.name, e.type) for e in ents] == [("Corpus Aristotelicum", "collection")] and rels == []
    assert notes == {"entity records labelled relation": 1} and dropped == {"malformed": 1}
