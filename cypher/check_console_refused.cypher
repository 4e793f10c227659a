// neo4j-check: a statement the console must refuse by its plan alone (the text pre-check lets it
// through): a procedure that is not one of the read-only ones the plan walk allows.
CALL db.index.fulltext.awaitEventuallyConsistentIndexRefresh()
