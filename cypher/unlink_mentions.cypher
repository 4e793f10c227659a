// The MENTIONS edges of source ids an entity no longer has ($rows: [{id, name}]); found from the
// chunk's side, which has few edges, so a hub entity's other mentions are not read.
UNWIND $rows AS row
MATCH (c:Chunk {workspace: $workspace, id: row.id})-[m:MENTIONS]->(e:Entity {workspace: $workspace, name: row.name})
DELETE m
