CREATE TABLE "image_imports" (
	"source_url" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"primary_key" text,
	"width" integer,
	"height" integer,
	"placeholder" text,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bytes" integer,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_slugs" (
	"category" text NOT NULL,
	"slug" text NOT NULL,
	"listing_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_slugs_category_slug_pk" PRIMARY KEY("category","slug")
);
--> statement-breakpoint
CREATE TABLE "listing_view_days" (
	"listing_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_view_days_listing_id_day_pk" PRIMARY KEY("listing_id","day")
);
--> statement-breakpoint
CREATE TABLE "listing_view_visitors" (
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "listing_view_visitors_day_visitor_pk" PRIMARY KEY("day","visitor")
);
--> statement-breakpoint
CREATE TABLE "view_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "listings_category_position_idx";
--> statement-breakpoint
DROP INDEX "listings_category_newest_idx";
--> statement-breakpoint
DROP INDEX "listings_category_location_idx";
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "slug" text;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "price_amount" numeric(16, 2);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "price_currency" text;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "last_verified_on" date;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "home_slide_position" integer;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "staff_pick_position" integer;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Hand-written: the existing catalogue becomes ordinary rows of the new model. Every listing so far was live, so
-- each is Published and keeps its visible flag (a hidden one stays hidden); its id stays its slug.
UPDATE "listings" SET "slug" = "id", "status" = 'published';
--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "slug" SET NOT NULL;
--> statement-breakpoint
-- Photos: each image address becomes a photo with an id and (empty) alt text, in the same order.
UPDATE "listings" SET "photos" = coalesce((
  SELECT jsonb_agg(jsonb_build_object('id', gen_random_uuid()::text, 'src', image.value, 'alt', '') ORDER BY image.ordinality)
  FROM jsonb_array_elements_text("listings"."images") WITH ORDINALITY AS image(value, ordinality)
), '[]'::jsonb);
--> statement-breakpoint
-- Prices: the old display text was never written by the app (every listing showed "Price On Request"); a text that
-- reads as an amount in a known currency ("USD 3,950,000", "$3,950,000") is kept as one, anything else stays on request.
UPDATE "listings" SET
  "price_currency" = CASE parsed.m[1] WHEN '$' THEN 'USD' WHEN '€' THEN 'EUR' WHEN '£' THEN 'GBP' ELSE parsed.m[1] END,
  "price_amount" = replace(parsed.m[2], ',', '')::numeric
FROM (
  SELECT "id" AS listing_id, regexp_match(trim("price"), '^(USD|EUR|GBP|AED|INR|\$|€|£) ?([0-9][0-9,]*(\.[0-9]{1,2})?)$') AS m
  FROM "listings" WHERE "price" IS NOT NULL
) AS parsed
WHERE "listings"."id" = parsed.listing_id AND parsed.m IS NOT NULL AND replace(parsed.m[2], ',', '')::numeric > 0;
--> statement-breakpoint
-- The home page's carousel slides and Trending Now picks were hard-coded (spec point 2): they become staff choices.
UPDATE "listings" SET "home_slide_position" = picks.position, "staff_pick_position" = picks.position
FROM (VALUES ('nad-al-sheba-villa', 10), ('bugatti-chiron-2019', 20), ('spitfire', 30)) AS picks(listing_id, position)
WHERE "listings"."id" = picks.listing_id;
--> statement-breakpoint
INSERT INTO "listing_slugs" ("category", "slug", "listing_id") SELECT "category", "slug", "id" FROM "listings" ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "images";
--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "price";
--> statement-breakpoint
ALTER TABLE "listing_slugs" ADD CONSTRAINT "listing_slugs_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "listing_view_days" ADD CONSTRAINT "listing_view_days_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "listing_slugs_listing_idx" ON "listing_slugs" USING btree ("listing_id");
--> statement-breakpoint
CREATE INDEX "listing_view_days_day_idx" ON "listing_view_days" USING btree ("day","listing_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "listings_category_slug_idx" ON "listings" USING btree ("category","slug");
--> statement-breakpoint
CREATE INDEX "listings_public_position_idx" ON "listings" USING btree ("category","position","id") WHERE visible and status in ('published', 'under_offer', 'sold');
--> statement-breakpoint
CREATE INDEX "listings_public_newest_idx" ON "listings" USING btree ("category","sort_year" DESC NULLS LAST,"position","id") WHERE visible and status in ('published', 'under_offer', 'sold');
--> statement-breakpoint
CREATE INDEX "listings_public_location_idx" ON "listings" USING btree ("category","location_key") WHERE visible and status in ('published', 'under_offer', 'sold');
--> statement-breakpoint
CREATE INDEX "listings_admin_updated_idx" ON "listings" USING btree ("updated_at" DESC NULLS LAST);
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_status_check" CHECK ("listings"."status" in ('draft', 'published', 'under_offer', 'sold', 'archived'));
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_price_check" CHECK (("listings"."price_amount" is null and "listings"."price_currency" is null) or ("listings"."price_amount" > 0 and "listings"."price_currency" in ('USD', 'EUR', 'GBP', 'AED', 'INR')));
