// For each query ($queries: [{key, text}], text = every word required), the names of this workspace's
// entities holding them. The index serves every workspace, and the contract wants the first names by
// name, not by score: the caller widens $candidates until `seen` says the index has no more hits.
UNWIND $queries AS q
CALL db.index.fulltext.queryNodes('entity_words_fulltext', q.text, {limit: $candidates}) YIELD node
WITH q, count(*) AS seen, collect(CASE WHEN node.workspace = $workspace THEN node.name END) AS names
RETURN q.key AS key, seen, names
