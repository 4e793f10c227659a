// Documents with their chunks and their title key nodes (found by document id, index title_key_workspace_doc).
UNWIND $ids AS did
MATCH (d:Document {workspace: $workspace, id: did})
OPTIONAL MATCH (t:TitleKey {workspace: $workspace, doc_id: did})
DELETE t
WITH DISTINCT d
OPTIONAL MATCH (d)-[:HAS_CHUNK]->(c:Chunk)
DETACH DELETE c, d
