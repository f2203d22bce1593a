-- Follow-up dates on enquiries and the team's daily digest (issue 23, ADR 045).
CREATE TABLE "enquiry_follow_ups" (
	"enquiry_key" text PRIMARY KEY NOT NULL,
	"lead_id" integer,
	"contact_message_id" integer,
	"due_at" timestamp with time zone NOT NULL,
	"reason" text,
	"set_by" text,
	"set_by_name" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiry_follow_ups_one_subject_check" CHECK (("enquiry_follow_ups"."lead_id" is null) <> ("enquiry_follow_ups"."contact_message_id" is null))
);
--> statement-breakpoint
ALTER TABLE "enquiry_follow_ups" ADD CONSTRAINT "enquiry_follow_ups_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_follow_ups" ADD CONSTRAINT "enquiry_follow_ups_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_follow_ups" ADD CONSTRAINT "enquiry_follow_ups_set_by_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_follow_ups_due_idx" ON "enquiry_follow_ups" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_follow_ups_lead_idx" ON "enquiry_follow_ups" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_follow_ups_contact_idx" ON "enquiry_follow_ups" USING btree ("contact_message_id");--> statement-breakpoint
CREATE TABLE "digest_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"items" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "digest_sends_user_day_idx" ON "digest_sends" USING btree ("user_id","day");--> statement-breakpoint
ALTER TABLE "digest_sends" ADD CONSTRAINT "digest_sends_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "digest_opt_outs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "digest_opt_outs" ADD CONSTRAINT "digest_opt_outs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_subject_type_check";--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_subject_type_check" CHECK ("notification_outbox"."subject_type" in ('lead', 'contact-message', 'activity', 'digest'));
