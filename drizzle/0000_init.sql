CREATE TABLE "contact_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT 'Not provided' NOT NULL,
	"interest" text NOT NULL,
	"message" text NOT NULL,
	"listing_path" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"email_sent" boolean DEFAULT false NOT NULL,
	"confirmation_sent" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"price" text,
	"location" text NOT NULL,
	"year" integer,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"specifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"location_key" text DEFAULT '' NOT NULL,
	"bedrooms" integer,
	"property_type" text,
	"sort_year" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "contact_submissions_submission_id_idx" ON "contact_submissions" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "contact_submissions_email_idx" ON "contact_submissions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "contact_submissions_created_at_idx" ON "contact_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_submissions_unopened_idx" ON "contact_submissions" USING btree ("created_at") WHERE opened_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_blocks_key_idx" ON "content_blocks" USING btree ("key");--> statement-breakpoint
CREATE INDEX "content_blocks_created_at_idx" ON "content_blocks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "listings_category_position_idx" ON "listings" USING btree ("category","visible","position");--> statement-breakpoint
CREATE INDEX "listings_category_year_idx" ON "listings" USING btree ("category","visible","sort_year");--> statement-breakpoint
CREATE INDEX "listings_category_location_idx" ON "listings" USING btree ("category","location_key");--> statement-breakpoint
CREATE INDEX "media_items_position_idx" ON "media_items" USING btree ("position");