// Statements that filter by workspace alone (lists, counts, dropping a workspace) use this index
// instead of scanning every workspace's :Review nodes.
CREATE INDEX review_workspace IF NOT EXISTS FOR (n:Review) ON (n.workspace)
