// For each query ($queries: [{key, words}]), the first $limit names, by name, of this workspace's entities
// holding every word. Used only past the widening cap of entities_with_tokens (a word with more hits in the
// shared full-text index than the caller may ask for): it reads the workspace's own entities, whose
// `name_words` are the index's words joined by single spaces, so it finds what the index would.
UNWIND $queries AS q
MATCH (e:Entity {workspace: $workspace})
WHERE all(w IN q.words WHERE (' ' + e.name_words + ' ') CONTAINS (' ' + w + ' '))
WITH q, e.name AS name
ORDER BY name
WITH q, collect(name)[..$limit] AS names
RETURN q.key AS key, names
