// New vector indexes populate in the background; searches wait until they are online.
CALL db.awaitIndexes($timeout)
