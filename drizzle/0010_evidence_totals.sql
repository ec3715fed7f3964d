CREATE TABLE "evidence_archive_totals" (
	"id" smallint PRIMARY KEY NOT NULL,
	"submitted" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "evidence_archive_totals" ("id", "submitted") SELECT 1, count(*) FROM "evidence_records" WHERE "state" = 'submitted';
