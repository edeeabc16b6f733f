-- Search (issue 3): trigram matching for typo-tolerant search and substring filters.
-- pg_trgm ships with PostgreSQL (contrib, a trusted extension) and with PGlite (loaded in server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
