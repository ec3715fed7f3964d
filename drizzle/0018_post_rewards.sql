CREATE TABLE "post_reward_days" (
	"day" text PRIMARY KEY NOT NULL,
	"pool" bigint NOT NULL,
	"note" text,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_reward_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" text NOT NULL,
	"post_id" text NOT NULL,
	"author_id" text NOT NULL,
	"author_username" text,
	"text" text NOT NULL,
	"metrics" jsonb NOT NULL,
	"engagement_score" integer NOT NULL,
	"quality" jsonb,
	"quality_score" integer,
	"total" integer NOT NULL,
	"excluded_by" text,
	"excluded_detail" text,
	"rank" integer,
	"amount" bigint,
	"state" text DEFAULT 'none' NOT NULL,
	"transfer_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_reward_posts" ADD CONSTRAINT "post_reward_posts_day_post_reward_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."post_reward_days"("day") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_reward_posts_day_post_idx" ON "post_reward_posts" USING btree ("day","post_id");--> statement-breakpoint
CREATE INDEX "post_reward_posts_author_idx" ON "post_reward_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "post_reward_posts_state_idx" ON "post_reward_posts" USING btree ("state");