CREATE TABLE "unclaimed_sends" (
	"transfer_id" uuid PRIMARY KEY NOT NULL,
	"recipient_x_user_id" text,
	"state" text DEFAULT 'held' NOT NULL,
	"return_after" timestamp with time zone NOT NULL,
	"return_transfer_id" uuid,
	"fee_return_transfer_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "handle_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unclaimed_sends" ADD CONSTRAINT "unclaimed_sends_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unclaimed_sends" ADD CONSTRAINT "unclaimed_sends_recipient_x_user_id_users_x_user_id_fk" FOREIGN KEY ("recipient_x_user_id") REFERENCES "public"."users"("x_user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unclaimed_sends" ADD CONSTRAINT "unclaimed_sends_return_transfer_id_transfers_id_fk" FOREIGN KEY ("return_transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unclaimed_sends" ADD CONSTRAINT "unclaimed_sends_fee_return_transfer_id_transfers_id_fk" FOREIGN KEY ("fee_return_transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unclaimed_sends_due_idx" ON "unclaimed_sends" USING btree ("return_after") WHERE "unclaimed_sends"."state" in ('held', 'returning');--> statement-breakpoint
CREATE INDEX "unclaimed_sends_recipient_idx" ON "unclaimed_sends" USING btree ("recipient_x_user_id") WHERE "unclaimed_sends"."state" = 'held';--> statement-breakpoint
-- Hand-added backfill (decision 0048): everyone who signed in or posted to the agent has claimed their account.
UPDATE "users" SET "claimed_at" = coalesce("last_login_at", "created_at") WHERE "last_login_at" IS NOT NULL OR EXISTS (SELECT 1 FROM "agent_inbox" i WHERE i."author_id" = "users"."x_user_id");
