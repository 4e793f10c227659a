// Entity names by word, for alias linking ("Nolan" -> "Christopher Nolan"); words as in
// index_chunk_words_fulltext.
CREATE FULLTEXT INDEX entity_words_fulltext IF NOT EXISTS
FOR (e:Entity) ON EACH [e.name_words]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace', `fulltext.eventually_consistent`: false}}
