CREATE VECTOR INDEX entity_embedding IF NOT EXISTS
FOR (e:Entity) ON e.embedding
OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}}
