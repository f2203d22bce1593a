CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_name_trgm_idx" ON "leads" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_email_trgm_idx" ON "leads" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_phone_trgm_idx" ON "leads" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_phone_digits_trgm_idx" ON "leads" USING gin (translate("phone", ' +-().', '') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_message_trgm_idx" ON "leads" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_name_trgm_idx" ON "contact_messages" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_email_trgm_idx" ON "contact_messages" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_phone_trgm_idx" ON "contact_messages" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_phone_digits_trgm_idx" ON "contact_messages" USING gin (translate("phone", ' +-().', '') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_message_trgm_idx" ON "contact_messages" USING gin ("message" gin_trgm_ops);
