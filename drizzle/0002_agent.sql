CREATE TABLE "activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"platform" text DEFAULT 'twitter' NOT NULL,
	"kind" text NOT NULL,
	"post_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_accounts" (
	"handle" text PRIMARY KEY NOT NULL,
	"x_user_id" text NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text,
	"expires_at" timestamp with time zone,
	"scopes" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_confirmations" (
	"post_id" text PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"command" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_by_post_id" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_confirmations_confirmed_by_post_id_unique" UNIQUE("confirmed_by_post_id")
);
--> statement-breakpoint
CREATE TABLE "agent_inbox" (
	"post_id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"author_id" text NOT NULL,
	"author_username" text,
	"text" text NOT NULL,
	"post" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"command" jsonb,
	"outcome" jsonb,
	"reply_text" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"post_id" text NOT NULL,
	"in_reply_to_id" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"sent_post_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "agent_outbox_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "agent_sends" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"token" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "activities_post_kind_idx" ON "activities" USING btree ("post_id","kind");--> statement-breakpoint
CREATE INDEX "activities_kind_created_idx" ON "activities" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "activities_user_idx" ON "activities" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "agent_confirmations_author_idx" ON "agent_confirmations" USING btree ("author_id","expires_at");--> statement-breakpoint
CREATE INDEX "agent_inbox_due_idx" ON "agent_inbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "agent_inbox_author_idx" ON "agent_inbox" USING btree ("author_id","received_at");--> statement-breakpoint
CREATE INDEX "agent_outbox_due_idx" ON "agent_outbox" USING btree ("status","next_attempt_at","id");--> statement-breakpoint
CREATE INDEX "agent_outbox_sent_at_idx" ON "agent_outbox" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "agent_sends_author_idx" ON "agent_sends" USING btree ("author_id","created_at");