// Remove one workspace's graph entirely (used to clean up test workspaces).
MATCH (n {workspace: $workspace})
DETACH DELETE n
