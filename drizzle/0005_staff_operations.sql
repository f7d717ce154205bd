CREATE TABLE "enquiry_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" text NOT NULL,
	"author_id" text,
	"author_label" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "pipeline_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiry_notes" ADD CONSTRAINT "enquiry_notes_submission_id_contact_submissions_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("submission_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_notes" ADD CONSTRAINT "enquiry_notes_author_id_auth_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_notes_submission_idx" ON "enquiry_notes" USING btree ("submission_id","created_at");--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_assignee_id_auth_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_submissions_pipeline_idx" ON "contact_submissions" USING btree ("pipeline_status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_submissions_assignee_idx" ON "contact_submissions" USING btree ("assignee_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_submissions_email_lower_idx" ON "contact_submissions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE sent_at is null and failed_at is null;--> statement-breakpoint
-- The Contact page's working hours became a setting (/edit/settings): a text staff had changed in the old
-- "contact-hours" content block is kept as the setting's value, then the block goes.
INSERT INTO "app_settings" ("key", "value")
  SELECT 'site-settings', jsonb_build_object('workingHours', "content") FROM "content_blocks"
  WHERE "key" = 'contact-hours' AND btrim("content") <> '' AND "content" <> '24/7 Support'
  ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
DELETE FROM "content_blocks" WHERE "key" = 'contact-hours';
