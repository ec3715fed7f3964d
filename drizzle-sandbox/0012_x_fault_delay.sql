ALTER TABLE "sandbox"."x_faults" ALTER COLUMN "status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox"."x_faults" ADD COLUMN "delay_ms" integer DEFAULT 0 NOT NULL;