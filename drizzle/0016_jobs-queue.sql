-- The notification outbox becomes a generic job queue (ADR 050): any job type, about any subject.
ALTER TABLE "notification_outbox" DROP CONSTRAINT IF EXISTS "notification_outbox_channel_check";--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT IF EXISTS "notification_outbox_subject_type_check";--> statement-breakpoint
-- When an enquiry's e-mail went out is its job's sent_at (app/server/enquiry/enquiry-detail.server.ts): the queue no longer writes it here.
ALTER TABLE "leads" DROP COLUMN IF EXISTS "notified_at";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN IF EXISTS "notified_at";
