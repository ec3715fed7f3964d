CREATE TABLE "evidence_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tweet_id" text NOT NULL,
	"request_post_id" text NOT NULL,
	"requester_id" text NOT NULL,
	"requester_username" text NOT NULL,
	"author_id" text NOT NULL,
	"author_username" text NOT NULL,
	"tweet_type" text NOT NULL,
	"tweet_content" text NOT NULL,
	"record" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"fingerprint_hash" text NOT NULL,
	"event_id" text NOT NULL,
	"submission" jsonb NOT NULL,
	"state" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_records_tweet_idx" ON "evidence_records" USING btree ("tweet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_records_request_idx" ON "evidence_records" USING btree ("request_post_id");--> statement-breakpoint
CREATE INDEX "evidence_records_list_idx" ON "evidence_records" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evidence_records_fingerprint_idx" ON "evidence_records" USING btree ("fingerprint_hash");--> statement-breakpoint
CREATE INDEX "evidence_records_content_idx" ON "evidence_records" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "evidence_records_author_idx" ON "evidence_records" USING btree (lower("author_username") text_pattern_ops,"created_at" DESC NULLS LAST);