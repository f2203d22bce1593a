CREATE TABLE "reply_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reply_templates_channel_check" CHECK ("reply_templates"."channel" in ('whatsapp', 'email'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "reply_templates_name_idx" ON "reply_templates" USING btree ("name");--> statement-breakpoint
-- The first templates (ADR 046), for databases made before them; the seed ledger rows keep the seed from adding them again.
INSERT INTO "reply_templates" ("name", "channel", "subject", "body", "sort_order") VALUES
	('Quote', 'whatsapp', '', 'Hello {name}, this is {agent} from Pravas. Thank you for your interest in {package}. I am putting your quote together for {departure} and will send it here shortly. How many of you are travelling?', 1),
	('First reply', 'whatsapp', '', 'Hello {name}, this is {agent} from Pravas. Thank you for your enquiry about {package}. When would be a good time to talk?', 2),
	('Quote by e-mail', 'email', 'Your quote for {package}', 'Dear {name},

Thank you for your enquiry about {package}. I am preparing your quote for {departure} and will send it to you shortly.

If you have any questions in the meantime, just reply to this e-mail.

Warm regards,
{agent}
Pravas', 3)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "seed_ledger" ("kind", "key") VALUES ('reply-template', 'Quote'), ('reply-template', 'First reply'), ('reply-template', 'Quote by e-mail') ON CONFLICT DO NOTHING;
