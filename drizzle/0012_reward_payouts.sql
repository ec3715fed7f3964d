CREATE TABLE "reward_months" (
	"month" text PRIMARY KEY NOT NULL,
	"pool" bigint NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"x_user_id" text NOT NULL,
	"rank" integer NOT NULL,
	"activity_count" integer NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'planned' NOT NULL,
	"transfer_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reward_payouts" ADD CONSTRAINT "reward_payouts_month_reward_months_month_fk" FOREIGN KEY ("month") REFERENCES "public"."reward_months"("month") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_payouts_month_user_idx" ON "reward_payouts" USING btree ("month","x_user_id");--> statement-breakpoint
CREATE INDEX "reward_payouts_user_idx" ON "reward_payouts" USING btree ("x_user_id");