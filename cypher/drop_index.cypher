// Used by the live test suite to remove vector indexes it created (index names are fixed by the store).
DROP INDEX $name IF EXISTS
