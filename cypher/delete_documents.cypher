// Documents with their chunks and their title key nodes (found by the keys the document lists).
UNWIND $ids AS did
MATCH (d:Document {workspace: $workspace, id: did})
UNWIND CASE WHEN coalesce(d.title_keys, []) = [] THEN [null] ELSE d.title_keys END AS gone
OPTIONAL MATCH (t:TitleKey {workspace: $workspace, key: gone, doc_id: did})
DELETE t
WITH DISTINCT d
OPTIONAL MATCH (d)-[:HAS_CHUNK]->(c:Chunk)
DETACH DELETE c, d
