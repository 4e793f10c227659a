UNWIND $ids AS cid
MATCH (c:Chunk {workspace: $workspace, id: cid})
DETACH DELETE c
