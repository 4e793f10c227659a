MERGE (w:Workspace {name: $workspace})
SET w.embedding_model = $model, w.embedding_dim = $dim
