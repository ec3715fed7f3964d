CREATE TABLE "wallet_sweep_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"retired_wallet_id" uuid,
	"old_address" text,
	"new_address" text,
	"moves" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_sweep_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wallet_sweep_items" ADD CONSTRAINT "wallet_sweep_items_run_id_wallet_sweep_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."wallet_sweep_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_sweep_items" ADD CONSTRAINT "wallet_sweep_items_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_sweep_items" ADD CONSTRAINT "wallet_sweep_items_retired_wallet_id_wallets_id_fk" FOREIGN KEY ("retired_wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_sweep_items_run_wallet_idx" ON "wallet_sweep_items" USING btree ("run_id","wallet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_sweep_items_retired_idx" ON "wallet_sweep_items" USING btree ("retired_wallet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_sweep_runs_open_idx" ON "wallet_sweep_runs" USING btree ("state") WHERE "wallet_sweep_runs"."state" = 'running';