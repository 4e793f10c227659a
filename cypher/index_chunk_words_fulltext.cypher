// BM25 over chunk text (Lucene), for the lexical channel of multihop and of naive/mix with enable_lexical.
// It indexes `words`, the text as lexical.index_text tokenised it (the embedded store's FTS5 words, joined
// by spaces), under the whitespace analyzer, so both stores hold and are asked for the same words.
CREATE FULLTEXT INDEX chunk_words_fulltext IF NOT EXISTS
FOR (c:Chunk) ON EACH [c.words]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace', `fulltext.eventually_consistent`: false}}
