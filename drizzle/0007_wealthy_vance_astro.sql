CREATE TABLE "subscription_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"x_user_id" text NOT NULL,
	"tier" text NOT NULL,
	"duration_months" integer NOT NULL,
	"price_usd" double precision NOT NULL,
	"up_usd" double precision NOT NULL,
	"price_up" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"transfer_id" uuid,
	"refusal_code" text,
	"refusal_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
CREATE INDEX "subscription_quotes_user_idx" ON "subscription_quotes" USING btree ("x_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_quote_idx" ON "subscriptions" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "subscriptions_end_idx" ON "subscriptions" USING btree ("end_date");