CREATE TABLE "token_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_post_id" text NOT NULL,
	"requester_id" text NOT NULL,
	"requester_username" text NOT NULL,
	"token" text NOT NULL,
	"figures" jsonb NOT NULL,
	"text" text NOT NULL,
	"model" text NOT NULL,
	"sandbox" text NOT NULL,
	"state" text DEFAULT 'written' NOT NULL,
	"charge_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_analyses_request_post_id_unique" UNIQUE("request_post_id")
);
--> statement-breakpoint
CREATE TABLE "agent_promotions" (
	"request_post_id" text PRIMARY KEY NOT NULL,
	"requester_id" text NOT NULL,
	"target_post_id" text NOT NULL,
	"style" text NOT NULL,
	"day" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"mode" text,
	"text" text,
	"by_model" text,
	"refusal" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_outbox" ALTER COLUMN "in_reply_to_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_outbox" ADD COLUMN "quote_tweet_id" text;--> statement-breakpoint
CREATE INDEX "token_analyses_requester_idx" ON "token_analyses" USING btree ("requester_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_promotions_requester_idx" ON "agent_promotions" USING btree ("requester_id","day");--> statement-breakpoint
CREATE INDEX "agent_promotions_target_idx" ON "agent_promotions" USING btree ("target_post_id","day");