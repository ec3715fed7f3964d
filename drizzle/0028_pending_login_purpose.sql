ALTER TABLE "pending_logins" ADD COLUMN "purpose" text DEFAULT 'sign_in' NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_logins" ADD COLUMN "x_user_id" text;