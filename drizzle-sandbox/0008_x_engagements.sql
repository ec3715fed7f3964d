CREATE TABLE "sandbox"."x_engagements" (
	"post_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "x_engagements_post_id_kind_user_id_pk" PRIMARY KEY("post_id","kind","user_id")
);
--> statement-breakpoint
CREATE INDEX "x_engagements_user_idx" ON "sandbox"."x_engagements" USING btree ("user_id");