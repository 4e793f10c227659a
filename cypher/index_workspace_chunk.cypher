// Statements that filter by workspace alone (lists, counts, dropping a workspace) use this index
// instead of scanning every workspace's :Chunk nodes.
CREATE INDEX chunk_workspace IF NOT EXISTS FOR (n:Chunk) ON (n.workspace)
