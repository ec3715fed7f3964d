CREATE TABLE "balance_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"address" text NOT NULL,
	"token" text NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "balance_holds_key_idx" ON "balance_holds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "balance_holds_live_idx" ON "balance_holds" USING btree ("address","token") WHERE "balance_holds"."state" = 'held';