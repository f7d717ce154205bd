ALTER TABLE "contact_submissions" ADD COLUMN "intent" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "contact_method" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "contact_time" text;