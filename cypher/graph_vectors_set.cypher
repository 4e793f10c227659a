MERGE (w:Workspace {name: $workspace})
SET w.graph_vectors = $scheme
