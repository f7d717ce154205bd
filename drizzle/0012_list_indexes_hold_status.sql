DROP INDEX "listings_public_position_idx";--> statement-breakpoint
DROP INDEX "listings_public_newest_idx";--> statement-breakpoint
CREATE INDEX "listings_public_position_idx" ON "listings" USING btree ("category","position","id","status") WHERE visible and status in ('published', 'under_offer', 'sold');--> statement-breakpoint
CREATE INDEX "listings_public_newest_idx" ON "listings" USING btree ("category","sort_year" DESC NULLS LAST,"position","id","status") WHERE visible and status in ('published', 'under_offer', 'sold');