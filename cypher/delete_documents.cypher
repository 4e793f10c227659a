UNWIND $ids AS did
MATCH (d:Document {workspace: $workspace, id: did})
OPTIONAL MATCH (d)-[:HAS_CHUNK]->(c:Chunk)
DETACH DELETE c, d
