ALTER TABLE "transfers" ADD COLUMN "balance_at_rejection" bigint;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "needed_at_rejection" bigint;