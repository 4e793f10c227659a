// Stored as float32 (SET would store float64 lists, twice the size, and the index holds float32 anyway).
UNWIND $rows AS row
MATCH (:Entity {workspace: $workspace, name: row.src})-[r:RELATED]->(:Entity {workspace: $workspace, name: row.tgt})
CALL db.create.setRelationshipVectorProperty(r, 'embedding', row.embedding)
