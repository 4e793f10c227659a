// Provenance: each chunk MENTIONS the entities it supports (rebuilt for the entities written).
UNWIND $rows AS row
MATCH (e:Entity {workspace: $workspace, name: row.name})
OPTIONAL MATCH (old:Chunk)-[m:MENTIONS]->(e)
DELETE m
WITH DISTINCT e, row
UNWIND row.source_ids AS cid
MATCH (c:Chunk {workspace: $workspace, id: cid})
MERGE (c)-[:MENTIONS]->(e)
