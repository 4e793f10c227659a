// neo4j-check: every workspace name present in the database, so the check's scratch workspace is
// never one of them (a workspace's nodes all carry its name; a written one also has its :Workspace node).
MATCH (w:Workspace) RETURN w.name AS name
UNION
MATCH (d:Document) RETURN DISTINCT d.workspace AS name
UNION
MATCH (c:Chunk) RETURN DISTINCT c.workspace AS name
UNION
MATCH (e:Entity) RETURN DISTINCT e.workspace AS name
