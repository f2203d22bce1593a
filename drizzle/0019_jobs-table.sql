-- The notification outbox becomes the job queue's own table, "jobs", keeping every row (ADR 082, issue 43 §2).
ALTER TABLE IF EXISTS "notification_outbox" RENAME TO "jobs";--> statement-breakpoint
ALTER SEQUENCE IF EXISTS "notification_outbox_id_seq" RENAME TO "jobs_id_seq";--> statement-breakpoint
ALTER INDEX IF EXISTS "notification_outbox_pkey" RENAME TO "jobs_pkey";--> statement-breakpoint
ALTER TABLE "jobs" RENAME COLUMN "channel" TO "type";--> statement-breakpoint
ALTER TABLE "jobs" RENAME COLUMN "next_attempt_at" TO "run_at";--> statement-breakpoint
ALTER TABLE "jobs" RENAME COLUMN "sent_at" TO "done_at";--> statement-breakpoint
-- A job type's lane (backups and image cuts are the long ones today), its once-key and the claim's lease token.
ALTER TABLE "jobs" ADD COLUMN IF NOT EXISTS "lane" text DEFAULT 'short' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN IF NOT EXISTS "once_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN IF NOT EXISTS "lease_token" text;--> statement-breakpoint
UPDATE "jobs" SET "lane" = 'long' WHERE "type" IN ('backup', 'media.portrait-cut');--> statement-breakpoint
-- A job need not be about a subject any more.
ALTER TABLE "jobs" ALTER COLUMN "subject_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "subject_id" DROP NOT NULL;--> statement-breakpoint
-- "sent" was a notification's word; any job is "done".
ALTER TABLE "jobs" DROP CONSTRAINT IF EXISTS "notification_outbox_status_check";--> statement-breakpoint
UPDATE "jobs" SET "status" = 'done' WHERE "status" = 'sent';--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('pending', 'done', 'failed'));--> statement-breakpoint
-- The unique (subject, type) index meant "queued once": each row keeps that as its once-key, in the form the code uses (type:subject type:subject id).
UPDATE "jobs" SET "once_key" = "type" || ':' || "subject_type" || ':' || "subject_id" WHERE "once_key" IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "notification_outbox_subject_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "notification_outbox_due_idx";--> statement-breakpoint
ALTER INDEX IF EXISTS "notification_outbox_status_idx" RENAME TO "jobs_status_idx";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "jobs_once_key_idx" ON "jobs" USING btree ("once_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_subject_idx" ON "jobs" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_due_idx" ON "jobs" USING btree ("lane","run_at","id") WHERE "jobs"."status" = 'pending';
