UNWIND $ids AS id
MATCH (d:Document {workspace: $workspace, id: id})
WHERE d.content IS NOT NULL
RETURN d.id AS id, substring(d.content, 0, $chars) AS head, size(d.content) AS length
