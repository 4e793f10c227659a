// Wait for one of the store's own indexes to come online (a new one populates in the background).
// Only this index: db.awaitIndexes would wait for, and fail on, every other tool's index in the database.
CALL db.awaitIndex($index, $timeout)
