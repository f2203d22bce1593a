ALTER TABLE "contact_messages" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_messages_request_idx" ON "contact_messages" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_source_request_idx" ON "leads" USING btree ("source","request_id");