CREATE TABLE "promo_videos" (
	"request_post_id" text PRIMARY KEY NOT NULL,
	"requester_id" text NOT NULL,
	"target_post_id" text NOT NULL,
	"target_author_username" text NOT NULL,
	"mp4" "bytea",
	"poster" "bytea",
	"bytes" integer,
	"render_ms" integer,
	"upload" jsonb,
	"media_id" text,
	"charge" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_outbox" ADD COLUMN "media_ids" text[];