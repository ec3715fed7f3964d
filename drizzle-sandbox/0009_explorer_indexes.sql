DROP INDEX "sandbox"."constellation_transactions_source_idx";--> statement-breakpoint
DROP INDEX "sandbox"."constellation_transactions_destination_idx";--> statement-breakpoint
CREATE INDEX "constellation_transactions_source_recent_idx" ON "sandbox"."constellation_transactions" USING btree ("token","source","received_at","hash");--> statement-breakpoint
CREATE INDEX "constellation_transactions_destination_recent_idx" ON "sandbox"."constellation_transactions" USING btree ("token","destination","received_at","hash");--> statement-breakpoint
CREATE INDEX "constellation_transactions_snapshot_idx" ON "sandbox"."constellation_transactions" USING btree ("token","snapshot_ordinal");