import pytest

from lightrag_core.models import LightRAGError
from lightrag_core.query.keywords import extract_keywords, offline_keywords, parse_keywords_reply


def test_tolerant_json_parsing():
    fenced = '```json\n{"high_level_keywords": ["film"], "low_level_keywords": ["Nolan"]}\n```'
    assert parse_keywords_reply(fenced) == (["film"], ["Nolan"])
    single = "Sure! {'high_level_keywords': ['a'], 'low_level_keywords': 'b, c'}"
    assert parse_keywords_reply(single) == (["a"], ["b", "c"])
    with pytest.raises(LightRAGError, match="no JSON"):
        parse_keywords_reply("no idea")


def test_offline_keywords_split_names_from_themes():
    high, low = offline_keywords("Which film director born in London made The Dark Knight?")
    assert "London" in low
    assert any("Dark Knight" in w for w in low)
    assert any("film director" in w for w in high)


def test_given_keywords_skip_extraction():
    assert extract_keywords("anything", None, hl=["x"], ll=[]) == (["x"], [])
