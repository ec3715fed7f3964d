CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"x_user_id" text,
	"handle" text,
	"system_role" text,
	"dag_address" text NOT NULL,
	"evm_address" text NOT NULL,
	"key_id" text NOT NULL,
	"key_nonce" text NOT NULL,
	"key_ciphertext" text NOT NULL,
	"key_auth_tag" text NOT NULL,
	"superseded_by_wallet_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bound_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transfer_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"token" text NOT NULL,
	"source_address" text NOT NULL,
	"destination_address" text NOT NULL,
	"amount" bigint NOT NULL,
	"parent_ordinal" bigint NOT NULL,
	"parent_hash" text NOT NULL,
	"ordinal" bigint NOT NULL,
	"hash" text NOT NULL,
	"signed" jsonb NOT NULL,
	"state" text DEFAULT 'planned' NOT NULL,
	"error_message" text,
	"snapshot_ordinal" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"request" text NOT NULL,
	"from_wallet_id" uuid NOT NULL,
	"from_address" text NOT NULL,
	"to_wallet_id" uuid,
	"to_address" text NOT NULL,
	"token" text NOT NULL,
	"fee_tier" text NOT NULL,
	"amount" bigint,
	"fee" bigint,
	"state" text DEFAULT 'pending' NOT NULL,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_x_user_id_users_x_user_id_fk" FOREIGN KEY ("x_user_id") REFERENCES "public"."users"("x_user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_superseded_by_wallet_id_wallets_id_fk" FOREIGN KEY ("superseded_by_wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_transactions" ADD CONSTRAINT "transfer_transactions_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_wallet_id_wallets_id_fk" FOREIGN KEY ("from_wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_wallet_id_wallets_id_fk" FOREIGN KEY ("to_wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_x_user_id_idx" ON "wallets" USING btree ("x_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_dag_address_idx" ON "wallets" USING btree ("dag_address");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_evm_address_idx" ON "wallets" USING btree ("evm_address");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_system_role_idx" ON "wallets" USING btree ("system_role");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_open_handle_idx" ON "wallets" USING btree ("handle") WHERE "wallets"."x_user_id" is null and "wallets"."superseded_by_wallet_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_transactions_hash_idx" ON "transfer_transactions" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_transactions_transfer_seq_idx" ON "transfer_transactions" USING btree ("transfer_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_transactions_chain_idx" ON "transfer_transactions" USING btree ("source_address","token","ordinal") WHERE "transfer_transactions"."state" <> 'rejected';--> statement-breakpoint
CREATE INDEX "transfer_transactions_state_idx" ON "transfer_transactions" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_idempotency_key_idx" ON "transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "transfers_state_idx" ON "transfers" USING btree ("state");--> statement-breakpoint
CREATE INDEX "transfers_from_wallet_idx" ON "transfers" USING btree ("from_wallet_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_to_wallet_idx" ON "transfers" USING btree ("to_wallet_id","created_at");