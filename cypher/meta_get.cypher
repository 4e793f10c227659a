MATCH (w:Workspace {name: $workspace})
RETURN w.embedding_model AS model, w.embedding_dim AS dim
