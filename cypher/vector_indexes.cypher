// The project's vector indexes with their configured dimension, to catch a mismatch.
SHOW INDEXES YIELD name, type, state, options
WHERE type = 'VECTOR' AND name IN ['entity_embedding', 'related_embedding', 'chunk_embedding']
RETURN name, state, options.indexConfig['vector.dimensions'] AS dimensions
