ALTER TABLE "auth_two_factor" ADD COLUMN "last_sign_in_code_digest" text;--> statement-breakpoint
ALTER TABLE "auth_two_factor" ADD COLUMN "last_sign_in_code_at" timestamp with time zone;