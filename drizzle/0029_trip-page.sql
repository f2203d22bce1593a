CREATE TABLE "booking_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"done_by_name" text,
	CONSTRAINT "booking_tasks_kind_check" CHECK ("booking_tasks"."kind" in ('cancellation'))
);
--> statement-breakpoint
CREATE TABLE "traveller_details" (
	"traveller_id" integer PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"passport_name" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"passport_number_sealed" text,
	"passport_number_last4" text,
	"passport_issued_on" date,
	"passport_expires_on" date,
	"pan_sealed" text,
	"pan_last4" text,
	"food" text DEFAULT '' NOT NULL,
	"medical" text DEFAULT '' NOT NULL,
	"emergency_contact" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_consents" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"notice" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "traveller_details_notice" text;--> statement-breakpoint
ALTER TABLE "booking_tasks" ADD CONSTRAINT "booking_tasks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traveller_details" ADD CONSTRAINT "traveller_details_traveller_id_booking_travellers_id_fk" FOREIGN KEY ("traveller_id") REFERENCES "public"."booking_travellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traveller_details" ADD CONSTRAINT "traveller_details_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_consents" ADD CONSTRAINT "trip_consents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_links" ADD CONSTRAINT "trip_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_tasks_open_idx" ON "booking_tasks" USING btree ("booking_id") WHERE "booking_tasks"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "trip_links_token_hash_idx" ON "trip_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "trip_links_booking_idx" ON "trip_links" USING btree ("booking_id");