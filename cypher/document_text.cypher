MATCH (d:Document {workspace: $workspace, id: $id})
RETURN d.content AS content
