// Counting or listing one workspace's relationships uses this index instead of scanning all of them.
CREATE INDEX related_workspace IF NOT EXISTS FOR ()-[r:RELATED]-() ON (r.workspace)
