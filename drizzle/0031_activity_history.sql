DROP INDEX "transfers_from_wallet_idx";--> statement-breakpoint
DROP INDEX "transfers_to_wallet_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "welcomed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "transfers_from_wallet_idx" ON "transfers" USING btree ("from_wallet_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transfers_to_wallet_idx" ON "transfers" USING btree ("to_wallet_id","created_at","id");