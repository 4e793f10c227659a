// Stored as float32 (SET would store float64 lists, twice the size, and the index holds float32 anyway).
UNWIND $rows AS row
MATCH (c:Chunk {workspace: $workspace, id: row.id})
CALL db.create.setNodeVectorProperty(c, 'embedding', row.embedding)
