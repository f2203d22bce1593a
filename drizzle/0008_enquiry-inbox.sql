CREATE TABLE "enquiry_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer,
	"contact_message_id" integer,
	"author_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiry_notes_one_subject_check" CHECK (("enquiry_notes"."lead_id" is null) <> ("enquiry_notes"."contact_message_id" is null))
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "enquiry_notes" ADD CONSTRAINT "enquiry_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_notes" ADD CONSTRAINT "enquiry_notes_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_notes" ADD CONSTRAINT "enquiry_notes_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_notes_lead_idx" ON "enquiry_notes" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "enquiry_notes_contact_idx" ON "enquiry_notes" USING btree ("contact_message_id");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_assigned_to_user_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_to_user_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_status_created_idx" ON "contact_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_status_check" CHECK ("contact_messages"."status" in ('new', 'contacted', 'converted', 'closed', 'spam'));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('new', 'contacted', 'converted', 'closed', 'spam'));--> statement-breakpoint
CREATE VIEW "public"."enquiry_inbox" AS (
  select 'lead-' || l.id as key, 'lead' as kind, l.id as row_id, l.source, l.name, l.phone,
    translate(l.phone, ' +-().', '') as phone_digits, l.email, l.package_id, l.package_title,
    l.travellers, l.preferred_month, l.message, l.status, l.assigned_to, l.created_at
  from leads l
  union all
  select 'contact-' || c.id, 'contact', c.id, 'contact', c.first_name || ' ' || c.last_name, c.phone,
    translate(c.phone, ' +-().', ''), c.email, null, null,
    null, null, c.message, c.status, c.assigned_to, c.created_at
  from contact_messages c
);