MATCH (w:Workspace {name: $workspace})
RETURN w.graph_vectors AS scheme
