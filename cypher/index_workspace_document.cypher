// Statements that filter by workspace alone (lists, counts, dropping a workspace) use this index
// instead of scanning every workspace's :Document nodes.
CREATE INDEX document_workspace IF NOT EXISTS FOR (n:Document) ON (n.workspace)
