-- Every trigram search also reads the index's whole pending list (new entries not yet merged);
-- at the default 4 MB limit a full list added ~15 ms to a 25 ms premium list search at 1M users.
-- 256 kB bounds that to ~1 ms; inserts merge more often (a 200k-row bulk insert: 2.4 s → 4.8 s).
-- Altered in place (drizzle-kit wrote drop + create): no rebuild of large indexes.
ALTER INDEX "users_username_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "wallets_dag_address_trgm_idx" SET (gin_pending_list_limit = 256);
