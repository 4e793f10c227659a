CREATE CONSTRAINT entity_workspace_name IF NOT EXISTS
FOR (e:Entity) REQUIRE (e.workspace, e.name) IS UNIQUE
