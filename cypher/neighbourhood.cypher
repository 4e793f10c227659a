// The bounded neighbourhood personalized PageRank runs on, in one round trip: the seeds, the
// $max_neighbours entities closest to them (summed relation weight to a seed plus the number of
// the seeds' chunks that mention them; ties by name), and for each entity its chunks and its
// relations to the others. The embedded store follows the same rule (storage/sqlite/search.py).
// Rows come back in no particular order (aggregation does not keep it): `ranked` carries the seeds
// and then the neighbours by closeness, and the caller arranges the rows by it.
// No CALL subqueries: their scoped form needs 5.23+, the importing form is deprecated.
MATCH (s:Entity {workspace: $workspace})
WHERE s.name IN $names
WITH collect(s) AS seeds
UNWIND seeds AS seed
OPTIONAL MATCH (seed)-[r:RELATED]-(n:Entity)
WHERE NOT n IN seeds
WITH seeds, collect(CASE WHEN n IS NULL THEN NULL ELSE {near: n, w: r.weight} END) AS byRelation
UNWIND seeds AS seed
OPTIONAL MATCH (c:Chunk)-[:MENTIONS]->(seed)
WITH seeds, byRelation, collect(DISTINCT c) AS seedChunks
UNWIND (CASE WHEN size(seedChunks) = 0 THEN [null] ELSE seedChunks END) AS c
OPTIONAL MATCH (c)-[:MENTIONS]->(m:Entity)
WHERE NOT m IN seeds
WITH seeds, byRelation, collect(CASE WHEN m IS NULL THEN NULL ELSE {near: m, w: 1.0} END) AS byChunk
WITH seeds, byRelation + byChunk AS pairs
UNWIND (CASE WHEN size(pairs) = 0 THEN [null] ELSE pairs END) AS p
WITH seeds, p.near AS near, sum(p.w) AS closeness
// To 6 decimals (TIE_DECIMALS): a sum's last bit depends on the order it was added in, which differs per store.
ORDER BY round(closeness, 6) DESC, near.name
WITH seeds, collect(near)[..$max_neighbours] AS neighbours
WITH seeds + neighbours AS nodes, [s IN seeds | s.name] AS seedNames
WITH nodes, seedNames, [n IN nodes | n.name] AS ranked
UNWIND nodes AS e
OPTIONAL MATCH (e)-[r:RELATED]->(o:Entity)
WHERE o IN nodes
WITH seedNames, ranked, e, collect(CASE WHEN o IS NULL THEN NULL ELSE [o.name, r.weight] END) AS edges
RETURN seedNames AS seeds, ranked, e.name AS name, e.source_ids AS source_ids, edges
