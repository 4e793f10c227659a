// Which of the given documents are stored: a chunk may only be written under one of them.
UNWIND $ids AS did
MATCH (d:Document {workspace: $workspace, id: did})
RETURN d.id AS id
