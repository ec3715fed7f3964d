CREATE TABLE "sandbox"."polymarket_trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"side" text NOT NULL,
	"size" double precision NOT NULL,
	"price" double precision NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
