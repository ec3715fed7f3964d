CREATE TABLE "allowance_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"x_user_id" text NOT NULL,
	"item" text NOT NULL,
	"utc_day" text NOT NULL,
	"state" text NOT NULL,
	"free_slot" integer,
	"price" bigint NOT NULL,
	"transfer_id" uuid,
	"refusal_code" text,
	"refusal_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "allowance_charges_key_idx" ON "allowance_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "allowance_charges_slot_idx" ON "allowance_charges" USING btree ("x_user_id","item","utc_day","free_slot");--> statement-breakpoint
CREATE INDEX "allowance_charges_user_day_idx" ON "allowance_charges" USING btree ("x_user_id","utc_day");