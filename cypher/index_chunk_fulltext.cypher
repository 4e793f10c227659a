// BM25 over chunk text (Lucene), for the lexical channel of multihop and of naive/mix with enable_lexical.
CREATE FULLTEXT INDEX chunk_fulltext IF NOT EXISTS
FOR (c:Chunk) ON EACH [c.content]
