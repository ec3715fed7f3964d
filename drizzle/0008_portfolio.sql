CREATE TABLE "portfolio_analyses" (
	"asset_id" text PRIMARY KEY NOT NULL,
	"overall_reasoning" text,
	"evidence_bullish" text,
	"evidence_bearish" text,
	"ai_probability" double precision,
	"edge" double precision,
	"confidence" text,
	"risk_assessment" text,
	"bet_size_reasoning" text,
	"exit_reasoning" text,
	"source" text NOT NULL,
	"model" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_book" (
	"id" integer PRIMARY KEY NOT NULL,
	"book" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portfolio_value_points" (
	"at" timestamp with time zone PRIMARY KEY NOT NULL,
	"current_value" double precision NOT NULL,
	"total_invested" double precision NOT NULL
);
