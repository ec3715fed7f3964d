CREATE TABLE "base_holder_balances" (
	"contract" text NOT NULL,
	"address" text NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	CONSTRAINT "base_holder_balances_contract_address_pk" PRIMARY KEY("contract","address"),
	CONSTRAINT "base_holder_balances_not_negative" CHECK ("base_holder_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "base_indexer_cursors" (
	"contract" text PRIMARY KEY NOT NULL,
	"last_block" bigint NOT NULL,
	"last_block_hash" text NOT NULL,
	"last_block_time" timestamp with time zone NOT NULL,
	"anchor_block" bigint,
	"anchor_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_recent_transfers" (
	"contract" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" bigint NOT NULL,
	"block_number" bigint NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	CONSTRAINT "base_recent_transfers_contract_tx_hash_log_index_pk" PRIMARY KEY("contract","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "holder_rankings" (
	"network" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"etag" text NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
