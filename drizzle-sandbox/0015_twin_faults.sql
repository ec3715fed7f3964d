CREATE TABLE "sandbox"."twin_faults" (
	"id" serial PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"kind" text DEFAULT 'request' NOT NULL,
	"path_pattern" text DEFAULT '*' NOT NULL,
	"method" text,
	"status" integer,
	"delay_ms" integer DEFAULT 0 NOT NULL,
	"timeout_ms" integer,
	"reset" boolean DEFAULT false NOT NULL,
	"after_handling" boolean DEFAULT false NOT NULL,
	"remaining" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "twin_faults_service_idx" ON "sandbox"."twin_faults" USING btree ("service");