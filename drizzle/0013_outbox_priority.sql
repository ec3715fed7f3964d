DROP INDEX "agent_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "agent_outbox" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "agent_outbox_due_idx" ON "agent_outbox" USING btree ("status","priority" DESC NULLS FIRST,"id");