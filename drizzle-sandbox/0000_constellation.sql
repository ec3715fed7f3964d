CREATE SCHEMA "sandbox";
--> statement-breakpoint
CREATE TABLE "sandbox"."constellation_accounts" (
	"token" text NOT NULL,
	"address" text NOT NULL,
	"balance" bigint NOT NULL,
	"last_ref_ordinal" bigint NOT NULL,
	"last_ref_hash" text NOT NULL,
	CONSTRAINT "constellation_accounts_token_address_pk" PRIMARY KEY("token","address")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."constellation_networks" (
	"token" text PRIMARY KEY NOT NULL,
	"metagraph_id" text,
	"snapshot_ordinal" bigint NOT NULL,
	"snapshot_hash" text NOT NULL,
	"snapshot_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."constellation_snapshots" (
	"token" text NOT NULL,
	"ordinal" bigint NOT NULL,
	"hash" text NOT NULL,
	"last_snapshot_hash" text NOT NULL,
	"transaction_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "constellation_snapshots_token_ordinal_pk" PRIMARY KEY("token","ordinal")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."constellation_transactions" (
	"token" text NOT NULL,
	"hash" text NOT NULL,
	"source" text NOT NULL,
	"destination" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"parent_ordinal" bigint NOT NULL,
	"parent_hash" text NOT NULL,
	"salt" bigint NOT NULL,
	"signed_json" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"snapshot_ordinal" bigint NOT NULL,
	"snapshot_hash" text NOT NULL,
	"block_hash" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "constellation_transactions_token_hash_pk" PRIMARY KEY("token","hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."constellation_waiting" (
	"token" text NOT NULL,
	"hash" text NOT NULL,
	"source" text NOT NULL,
	"destination" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"parent_ordinal" bigint NOT NULL,
	"parent_hash" text NOT NULL,
	"salt" bigint NOT NULL,
	"signed_json" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "constellation_waiting_token_hash_pk" PRIMARY KEY("token","hash")
);
--> statement-breakpoint
CREATE INDEX "constellation_transactions_source_idx" ON "sandbox"."constellation_transactions" USING btree ("token","source","snapshot_ordinal");--> statement-breakpoint
CREATE INDEX "constellation_transactions_destination_idx" ON "sandbox"."constellation_transactions" USING btree ("token","destination","snapshot_ordinal");--> statement-breakpoint
CREATE UNIQUE INDEX "constellation_waiting_chain_idx" ON "sandbox"."constellation_waiting" USING btree ("token","source","parent_ordinal");