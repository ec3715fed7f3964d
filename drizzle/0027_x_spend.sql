CREATE TABLE "x_spend" (
	"day" text NOT NULL,
	"purpose" text NOT NULL,
	"operation" text NOT NULL,
	"units" integer NOT NULL,
	"micro_usd" bigint NOT NULL,
	CONSTRAINT "x_spend_day_purpose_operation_pk" PRIMARY KEY("day","purpose","operation")
);
