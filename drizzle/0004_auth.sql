CREATE TABLE "pending_logins" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"code_verifier" text NOT NULL,
	"return_to" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"x_user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "x_user_tokens" (
	"x_user_id" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text,
	"expires_at" timestamp with time zone,
	"scopes" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"authorized_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"refresh_lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_allowed_projects" (
	"x_user_id" text NOT NULL,
	"project_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_allowed_projects_x_user_id_project_id_pk" PRIMARY KEY("x_user_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "external_post_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"x_user_id" text NOT NULL,
	"text" text NOT NULL,
	"reply_to_id" text,
	"result" text NOT NULL,
	"post_id" text,
	"error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_projects" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"daily_cap" integer NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_projects_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"x_user_id" text NOT NULL,
	"tier" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"months_purchased" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_x_user_id_users_x_user_id_fk" FOREIGN KEY ("x_user_id") REFERENCES "public"."users"("x_user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "x_user_tokens" ADD CONSTRAINT "x_user_tokens_x_user_id_users_x_user_id_fk" FOREIGN KEY ("x_user_id") REFERENCES "public"."users"("x_user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_allowed_projects" ADD CONSTRAINT "external_allowed_projects_x_user_id_users_x_user_id_fk" FOREIGN KEY ("x_user_id") REFERENCES "public"."users"("x_user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_allowed_projects" ADD CONSTRAINT "external_allowed_projects_project_id_external_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."external_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_post_log" ADD CONSTRAINT "external_post_log_project_id_external_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."external_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_post_log" ADD CONSTRAINT "external_post_log_x_user_id_users_x_user_id_fk" FOREIGN KEY ("x_user_id") REFERENCES "public"."users"("x_user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_logins_expires_idx" ON "pending_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_x_user_id_idx" ON "sessions" USING btree ("x_user_id");--> statement-breakpoint
CREATE INDEX "sessions_last_seen_idx" ON "sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "external_post_log_user_idx" ON "external_post_log" USING btree ("x_user_id","created_at");--> statement-breakpoint
CREATE INDEX "external_post_log_cap_idx" ON "external_post_log" USING btree ("project_id","x_user_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_end_idx" ON "subscriptions" USING btree ("x_user_id","end_date");