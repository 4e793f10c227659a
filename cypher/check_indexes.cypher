// neo4j-check: every index with what it covers and the options it was created with, to compare
// with what the store's schema statements asked for and to find other indexes in their way.
SHOW INDEXES YIELD name, type, state, labelsOrTypes, properties, options
RETURN name, type, state, labelsOrTypes, properties,
       options.indexConfig['vector.dimensions'] AS dimensions,
       options.indexConfig['vector.similarity_function'] AS similarity,
       options.indexConfig['fulltext.analyzer'] AS analyzer
