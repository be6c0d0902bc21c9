-- Trigram matching for the catalogue's typo-tolerant search (docs/domain.md "Catalogue search").
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it without superuser.
-- PGlite ships it and loads it when opened with pgliteExtensions() (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
