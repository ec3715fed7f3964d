CREATE TABLE "sandbox"."x_bill" (
	"day" text NOT NULL,
	"operation" text NOT NULL,
	"units" integer NOT NULL,
	"micro_usd" bigint NOT NULL,
	CONSTRAINT "x_bill_day_operation_pk" PRIMARY KEY("day","operation")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."x_billed_resources" (
	"day" text NOT NULL,
	"resource" text NOT NULL,
	CONSTRAINT "x_billed_resources_day_resource_pk" PRIMARY KEY("day","resource")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."x_credits" (
	"id" text PRIMARY KEY NOT NULL,
	"balance_micro_usd" bigint,
	"updated_at" timestamp with time zone NOT NULL
);
