CREATE INDEX entity_name_lower IF NOT EXISTS
FOR (e:Entity) ON (e.workspace, e.name_lower)
