// Stored as float32 (SET would store float64 lists, twice the size, and the index holds float32 anyway).
UNWIND $rows AS row
MATCH (e:Entity {workspace: $workspace, name: row.name})
CALL db.create.setNodeVectorProperty(e, 'embedding', row.embedding)
