RETURN COUNT { (:Document {workspace: $workspace}) } AS documents,
       COUNT { (:Chunk {workspace: $workspace}) } AS chunks,
       COUNT { (:Entity {workspace: $workspace}) } AS entities,
       COUNT { ()-[:RELATED {workspace: $workspace}]->() } AS relations
