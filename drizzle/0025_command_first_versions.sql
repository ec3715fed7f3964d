CREATE TABLE "agent_command_claims" (
	"first_version_id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"edit_answered_by" text,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_inbox" ADD COLUMN "first_version_id" text;--> statement-breakpoint
CREATE INDEX "agent_inbox_first_version_idx" ON "agent_inbox" USING btree ("first_version_id","post_id");--> statement-breakpoint
-- Rows stored before edits were read are their own first version, and a command already acted on
-- is claimed by its post: an edit of it that arrives after the upgrade is not run again.
UPDATE "agent_inbox" SET "first_version_id" = "post_id" WHERE "first_version_id" IS NULL AND "source" = 'x';--> statement-breakpoint
INSERT INTO "agent_command_claims" ("first_version_id", "post_id", "claimed_at")
SELECT "post_id", "post_id", coalesce("processed_at", "received_at") FROM "agent_inbox"
WHERE "source" = 'x' AND "status" <> 'pending' AND coalesce("outcome"->>'kind', '') <> 'ignored'
ON CONFLICT DO NOTHING;
