ALTER TABLE "sandbox"."x_posts" ADD COLUMN "first_version_id" bigint;--> statement-breakpoint
ALTER TABLE "sandbox"."x_posts" ADD COLUMN "next_version_id" bigint;--> statement-breakpoint
CREATE INDEX "x_posts_first_version_idx" ON "sandbox"."x_posts" USING btree ("first_version_id");