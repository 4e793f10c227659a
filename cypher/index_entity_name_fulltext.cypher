// Entity names by token, for alias linking ("Nolan" -> "Christopher Nolan").
CREATE FULLTEXT INDEX entity_name_fulltext IF NOT EXISTS
FOR (e:Entity) ON EACH [e.name]
