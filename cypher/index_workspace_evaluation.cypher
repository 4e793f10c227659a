// Dropping a workspace filters :Evaluation by workspace alone, which the composite constraint's index
// does not serve (it is used only when every indexed property is filtered).
CREATE INDEX evaluation_workspace IF NOT EXISTS FOR (n:Evaluation) ON (n.workspace)
