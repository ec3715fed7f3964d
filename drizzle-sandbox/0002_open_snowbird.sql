CREATE TABLE "sandbox"."evidence_batches" (
	"batch_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"batch_root" text NOT NULL,
	"signature" text NOT NULL,
	"fingerprint_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finalized_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox"."evidence_fingerprints" (
	"hash" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"org_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"document_id" text NOT NULL,
	"document_ref" text NOT NULL,
	"submission" jsonb NOT NULL,
	"tags" jsonb,
	"status" text DEFAULT 'UNASSIGNED' NOT NULL,
	"batch_id" text,
	"leaf_index" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "evidence_fingerprints_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE INDEX "evidence_fingerprints_status_idx" ON "sandbox"."evidence_fingerprints" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "evidence_fingerprints_batch_idx" ON "sandbox"."evidence_fingerprints" USING btree ("batch_id","leaf_index");--> statement-breakpoint
CREATE INDEX "evidence_fingerprints_document_ref_idx" ON "sandbox"."evidence_fingerprints" USING btree ("document_ref");