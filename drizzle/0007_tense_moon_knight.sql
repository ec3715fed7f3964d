ALTER TABLE "base_indexer_cursors" ADD COLUMN "anchor_block" bigint;--> statement-breakpoint
ALTER TABLE "base_indexer_cursors" ADD COLUMN "anchor_hash" text;