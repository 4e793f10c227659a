// Provenance: each chunk MENTIONS the entities it supports. Only the edges a write adds ($rows: [{id,
// name}], computed from the entity's source ids before and after), so a hub entity costs what changed.
UNWIND $rows AS row
MATCH (c:Chunk {workspace: $workspace, id: row.id})
MATCH (e:Entity {workspace: $workspace, name: row.name})
MERGE (c)-[:MENTIONS]->(e)
