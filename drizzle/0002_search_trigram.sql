-- Trigram indexes so substring search and the location filter stay fast with a large catalogue.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listings_search_trgm_idx" ON "listings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listings_location_trgm_idx" ON "listings" USING gin (lower("location") gin_trgm_ops);
