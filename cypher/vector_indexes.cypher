// Every vector index in the database with what it covers, to check that the store's three exist
// with the workspace's dimension and that no other index on the same label and property is in the way.
SHOW INDEXES YIELD name, type, state, labelsOrTypes, properties, options
WHERE type = 'VECTOR'
RETURN name, state, labelsOrTypes[0] AS label, properties[0] AS property,
       options.indexConfig['vector.dimensions'] AS dimensions
