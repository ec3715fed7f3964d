CREATE TABLE "sandbox"."x_media" (
	"id" bigint PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"media_type" text NOT NULL,
	"media_category" text NOT NULL,
	"total_bytes" integer NOT NULL,
	"state" text DEFAULT 'uploading' NOT NULL,
	"error" text,
	"duration_ms" integer,
	"bytes" "bytea",
	"expires_at" timestamp with time zone NOT NULL,
	"finalized_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."x_media_chunks" (
	"media_id" bigint NOT NULL,
	"segment_index" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "x_media_chunks_media_id_segment_index_pk" PRIMARY KEY("media_id","segment_index")
);
--> statement-breakpoint
ALTER TABLE "sandbox"."x_posts" ADD COLUMN "media_ids" text[];