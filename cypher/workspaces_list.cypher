// The workspaces this database holds, by name (each has its node from its first write). Not scoped to
// $workspace: the server lists them to check a request's workspace against the caller's roles.
MATCH (w:Workspace)
RETURN w.name AS name
ORDER BY name
LIMIT $limit
