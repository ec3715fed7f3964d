ALTER TABLE "subscription_quotes" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_quotes_request_idx" ON "subscription_quotes" USING btree ("request_key");