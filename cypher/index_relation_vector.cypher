CREATE VECTOR INDEX related_embedding IF NOT EXISTS
FOR ()-[r:RELATED]-() ON (r.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: toInteger($dimensions), `vector.similarity_function`: 'cosine'}}
