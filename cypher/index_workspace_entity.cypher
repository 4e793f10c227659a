// Statements that filter by workspace alone (lists, counts, dropping a workspace) use this index
// instead of scanning every workspace's :Entity nodes.
CREATE INDEX entity_workspace IF NOT EXISTS FOR (n:Entity) ON (n.workspace)
