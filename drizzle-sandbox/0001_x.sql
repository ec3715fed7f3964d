CREATE TABLE "sandbox"."x_authorizations" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"scopes" text NOT NULL,
	"state" text NOT NULL,
	"code_challenge" text NOT NULL,
	"code_challenge_method" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"user_id" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_used_at" timestamp with time zone,
	CONSTRAINT "x_authorizations_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."x_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"app_bearer_token" text NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"redirect_uris" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "x_clients_role_unique" UNIQUE("role")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."x_faults" (
	"id" serial PRIMARY KEY NOT NULL,
	"path_pattern" text NOT NULL,
	"method" text,
	"status" integer NOT NULL,
	"remaining" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."x_mentions" (
	"post_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "x_mentions_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."x_posts" (
	"id" bigint PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"text" text NOT NULL,
	"conversation_id" bigint NOT NULL,
	"in_reply_to_id" bigint,
	"in_reply_to_user_id" text,
	"quoted_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox"."x_rate_limits" (
	"bucket" text NOT NULL,
	"subject" text NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "x_rate_limits_bucket_subject_pk" PRIMARY KEY("bucket","subject")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."x_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"client_id" text NOT NULL,
	"user_id" text,
	"scopes" text NOT NULL,
	"family_id" text NOT NULL,
	"expires_at" timestamp with time zone,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."x_users" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."x_web_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "x_mentions_post_idx" ON "sandbox"."x_mentions" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "x_posts_author_idx" ON "sandbox"."x_posts" USING btree ("author_id","id");--> statement-breakpoint
CREATE INDEX "x_posts_reply_idx" ON "sandbox"."x_posts" USING btree ("in_reply_to_id");--> statement-breakpoint
CREATE INDEX "x_tokens_family_idx" ON "sandbox"."x_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "x_users_username_lower_idx" ON "sandbox"."x_users" USING btree (lower("username"));