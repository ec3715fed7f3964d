CREATE TABLE "sandbox"."demo_steps" (
	"name" text PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);
