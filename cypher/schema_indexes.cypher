// Every index in the database (constraints' backing indexes carry the constraint's name): which of the
// store's exist, in which state, and whether another index already covers what one of them would.
SHOW INDEXES YIELD name, type, state, labelsOrTypes, properties, options
RETURN name, type, state, labelsOrTypes[0] AS label, properties[0] AS property, properties,
       options.indexConfig['vector.dimensions'] AS dimensions,
       options.indexConfig['fulltext.analyzer'] AS analyzer
