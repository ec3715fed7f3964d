CREATE TABLE "activity_totals" (
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"count" integer NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_totals_period_kind_user_id_platform_pk" PRIMARY KEY("period","kind","user_id","platform")
);
--> statement-breakpoint
CREATE INDEX "activity_totals_rank_idx" ON "activity_totals" USING btree ("period","kind","count" DESC NULLS FIRST,"reached_at","user_id");--> statement-breakpoint
-- Totals of the activities recorded before this table existed (all-time and per UTC month).
INSERT INTO "activity_totals" ("period", "kind", "user_id", "platform", "count", "reached_at")
SELECT 'all', "kind", "user_id", "platform", count(*), max("created_at") FROM "activities"
GROUP BY "kind", "user_id", "platform"
UNION ALL
SELECT to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), "kind", "user_id", "platform", count(*), max("created_at")
FROM "activities" GROUP BY 1, "kind", "user_id", "platform";
