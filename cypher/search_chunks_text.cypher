// Chunks ranked by BM25 for any of the query's terms ($text: quoted words from lexical.words, see
// index_chunk_words_fulltext). The index serves every workspace: `seen` (all candidates) tells the
// caller whether asking for more candidates could find more of this workspace's chunks.
CALL db.index.fulltext.queryNodes('chunk_words_fulltext', $text, {limit: $candidates}) YIELD node, score
WITH count(*) AS seen, collect(CASE WHEN node.workspace = $workspace THEN [node, score] END) AS mine
UNWIND CASE WHEN mine = [] THEN [null] ELSE mine END AS hit
WITH seen, hit[0] AS c, hit[1] AS score
ORDER BY score DESC, c.id
LIMIT $top_k
RETURN seen, c.id AS id, c.doc_id AS doc_id, c.ord AS ord, c.tokens AS tokens, c.content AS content,
       c.file_path AS file_path, score
