ALTER TABLE "payment_gateway_events" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_gateway_events" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "payment_gateway_events" ADD COLUMN "handled_by_name" text;--> statement-breakpoint
ALTER TABLE "payment_gateway_events" ADD COLUMN "handled_note" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "payment_reminder_days" integer[] DEFAULT '{7,1}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_gateway_events" ADD CONSTRAINT "payment_gateway_events_handled_by_user_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;