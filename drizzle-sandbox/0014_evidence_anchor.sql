CREATE TABLE "sandbox"."constellation_state_channels" (
	"token" text NOT NULL,
	"ordinal" bigint NOT NULL,
	"metagraph_id" text NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox"."evidence_batches" ADD COLUMN "mpt_root" text;--> statement-breakpoint
ALTER TABLE "sandbox"."evidence_batches" ADD COLUMN "global_snapshot_ordinal" bigint;--> statement-breakpoint
ALTER TABLE "sandbox"."evidence_batches" ADD COLUMN "global_snapshot_hash" text;--> statement-breakpoint
CREATE INDEX "constellation_state_channels_idx" ON "sandbox"."constellation_state_channels" USING btree ("token","ordinal");