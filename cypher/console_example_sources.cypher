// Which documents mention Paris?
MATCH (d:Document {workspace: $workspace})-[:HAS_CHUNK]->(:Chunk)-[:MENTIONS]->(e:Entity)
WHERE toLower(e.name) = toLower('Paris')
RETURN DISTINCT d.title AS document, d.file_path AS file
LIMIT 20
