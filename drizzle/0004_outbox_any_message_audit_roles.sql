CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_label" text DEFAULT 'System' NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"subject_id" text,
	"subject_label" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
DROP INDEX "email_outbox_submission_kind_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "submission_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "recipient" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "payload" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_kind_idx" ON "audit_events" USING btree ("kind","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_outbox_submission_idx" ON "email_outbox" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_submission_kind_idx" ON "email_outbox" USING btree ("submission_id","kind") WHERE kind in ('staff-notification', 'visitor-acknowledgement');--> statement-breakpoint
-- Staff roles (Owner, Editor, Sales) replace the single "admin" role: every existing administrator becomes an Owner.
UPDATE "auth_user" SET "role" = 'owner' WHERE "role" = 'admin';
