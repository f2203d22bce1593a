CREATE TABLE "booking_travellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"age" integer,
	CONSTRAINT "booking_travellers_kind_check" CHECK ("booking_travellers"."kind" in ('adult', 'child-with-bed', 'child-no-bed')),
	CONSTRAINT "booking_travellers_age_check" CHECK ("booking_travellers"."age" IS NULL OR ("booking_travellers"."age" >= 0 AND "booking_travellers"."age" <= 120))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"package_id" integer NOT NULL,
	"package_title" text NOT NULL,
	"departure_id" text,
	"departure_name" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"state" text NOT NULL,
	"hold_until" timestamp with time zone,
	"waitlisted_at" timestamp with time zone,
	"cancel_reason" text,
	"lead_name" text NOT NULL,
	"lead_phone" text NOT NULL,
	"lead_email" text,
	"adults" integer NOT NULL,
	"children_with_bed" integer DEFAULT 0 NOT NULL,
	"children_no_bed" integer DEFAULT 0 NOT NULL,
	"seats" integer GENERATED ALWAYS AS (adults + children_with_bed + children_no_bed) STORED NOT NULL,
	"room" text NOT NULL,
	"price" jsonb NOT NULL,
	"total_paise" bigint NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"lead_id" integer,
	"contact_message_id" integer,
	"created_by" text,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "bookings_state_check" CHECK ("bookings"."state" in ('held', 'confirmed', 'waitlisted', 'cancelled', 'expired', 'completed')),
	CONSTRAINT "bookings_room_check" CHECK ("bookings"."room" in ('twin', 'triple', 'single')),
	CONSTRAINT "bookings_travellers_check" CHECK ("bookings"."adults" >= 1 AND "bookings"."children_with_bed" >= 0 AND "bookings"."children_no_bed" >= 0),
	CONSTRAINT "bookings_total_check" CHECK ("bookings"."total_paise" >= 0),
	CONSTRAINT "bookings_hold_check" CHECK ("bookings"."state" <> 'held' OR "bookings"."hold_until" IS NOT NULL),
	CONSTRAINT "bookings_dates_check" CHECK ("bookings"."end_date" >= "bookings"."start_date")
);
--> statement-breakpoint
ALTER TABLE "seat_requests" DROP CONSTRAINT "seat_requests_status_check";--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "booking_hold_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_travellers" ADD CONSTRAINT "booking_travellers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_travellers_position_idx" ON "booking_travellers" USING btree ("booking_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_idx" ON "bookings" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "bookings_departure_idx" ON "bookings" USING btree ("package_id","departure_id","state") WHERE "bookings"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_state_created_idx" ON "bookings" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "bookings_start_idx" ON "bookings" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "bookings_hold_idx" ON "bookings" USING btree ("hold_until") WHERE "bookings"."state" = 'held';--> statement-breakpoint
CREATE INDEX "bookings_lead_idx" ON "bookings" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "bookings_contact_idx" ON "bookings" USING btree ("contact_message_id");--> statement-breakpoint
CREATE INDEX "bookings_name_trgm_idx" ON "bookings" USING gin ("lead_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_phone_digits_trgm_idx" ON "bookings" USING gin (translate("lead_phone", ' +-().', '') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "activity_subject_idx" ON "activity" USING btree ("subject_type","subject_id","at");--> statement-breakpoint
-- Hand-written (ADR 088): seats move from typed numbers and confirmed seat requests into bookings.
-- 1. Every confirmed seat request becomes a confirmed booking linked to its enquiry, at the package's price of today.
INSERT INTO "bookings" ("reference", "package_id", "package_title", "departure_id", "departure_name", "start_date", "end_date", "state", "lead_name", "lead_phone", "lead_email", "adults", "children_with_bed", "children_no_bed", "room", "price", "total_paise", "notes", "lead_id", "created_by_name", "created_at", "updated_at")
SELECT 'MIGRATING-S' || s."lead_id", s."package_id", p."title", s."departure_id", s."departure_name", s."departure_start"::date, s."departure_end"::date, 'confirmed',
  l."name", l."phone", l."email", s."adults", s."children", 0, s."room", jsonb_build_object('basis', 'Package price', 'units', jsonb_build_object('adult', (CASE WHEN p.price->>'kind' = 'single' THEN (p.price->>'amount')::bigint ELSE (p.price->>'adult')::bigint END * 100), 'childWithBed', (CASE WHEN p.price->>'kind' = 'single' THEN (p.price->>'amount')::bigint ELSE (p.price->>'childWithBed')::bigint END * 100), 'childNoBed', (CASE WHEN p.price->>'kind' = 'single' THEN (p.price->>'amount')::bigint ELSE (p.price->>'childNoBed')::bigint END * 100)), 'extras', '[]'::jsonb, 'discount', null),
  (CASE WHEN p.price->>'kind' = 'single' THEN (p.price->>'amount')::bigint ELSE (p.price->>'adult')::bigint END * 100) * s."adults" + (CASE WHEN p.price->>'kind' = 'single' THEN (p.price->>'amount')::bigint ELSE (p.price->>'childWithBed')::bigint END * 100) * s."children",
  'Made from seat request ' || s."reference" || ' when bookings were introduced. The price is the package''s price on that day: check it against what was agreed.',
  s."lead_id", 'Pravas (upgrade)', coalesce(s."confirmed_at", s."created_at"), now()
FROM "seat_requests" s JOIN "leads" l ON l."id" = s."lead_id" JOIN "packages" p ON p."id" = s."package_id"
WHERE s."seat_status" = 'confirmed';--> statement-breakpoint
UPDATE "seat_requests" SET "seat_status" = 'booked' WHERE "seat_status" = 'confirmed';--> statement-breakpoint
-- 2. Seats typed as "taken by hand" on a departure become one confirmed booking each, to be replaced by the real ones.
INSERT INTO "bookings" ("reference", "package_id", "package_title", "departure_id", "departure_name", "start_date", "end_date", "state", "lead_name", "lead_phone", "adults", "room", "price", "total_paise", "notes", "created_by_name")
SELECT 'MIGRATING-H' || p."id" || '-' || (d.value->>'id'), p."id", p."title", d.value->>'id', d.value->>'name', (d.value->>'start')::date, (d.value->>'end')::date, 'confirmed',
  'Seats taken by hand', '', (d.value->>'heldSeats')::int, 'twin', jsonb_build_object('basis', 'Package price', 'units', jsonb_build_object('adult', (CASE WHEN p.price->>'kind' = 'single' THEN (p.price->>'amount')::bigint ELSE (p.price->>'adult')::bigint END * 100), 'childWithBed', (CASE WHEN p.price->>'kind' = 'single' THEN (p.price->>'amount')::bigint ELSE (p.price->>'childWithBed')::bigint END * 100), 'childNoBed', (CASE WHEN p.price->>'kind' = 'single' THEN (p.price->>'amount')::bigint ELSE (p.price->>'childNoBed')::bigint END * 100)), 'extras', '[]'::jsonb, 'discount', null), (CASE WHEN p.price->>'kind' = 'single' THEN (p.price->>'amount')::bigint ELSE (p.price->>'adult')::bigint END * 100) * (d.value->>'heldSeats')::int,
  'These seats were typed as "taken by hand" in the package editor before bookings existed. Replace this booking with the real ones (or change its travellers and price), then cancel what is left.',
  'Pravas (upgrade)'
FROM "packages" p CROSS JOIN LATERAL jsonb_array_elements(p."group_dates") d
WHERE d.value ? 'id' AND coalesce((d.value->>'heldSeats')::int, 0) > 0;--> statement-breakpoint
UPDATE "packages" SET "group_dates" = (SELECT jsonb_agg(e.d - 'heldSeats' ORDER BY e.ord) FROM jsonb_array_elements("group_dates") WITH ORDINALITY AS e(d, ord))
WHERE jsonb_path_exists("group_dates", '$[*].heldSeats');--> statement-breakpoint
-- 3. Their travellers (the lead first when known), references (a permutation of the id: unique, no look-alikes) and timelines.
INSERT INTO "booking_travellers" ("booking_id", "position", "kind", "name")
SELECT b."id", g.n, CASE WHEN g.n <= b."adults" THEN 'adult' ELSE 'child-with-bed' END, CASE WHEN g.n = 1 AND b."lead_id" IS NOT NULL THEN b."lead_name" ELSE '' END
FROM "bookings" b CROSS JOIN LATERAL generate_series(1, b."seats") AS g(n)
WHERE b."reference" LIKE 'MIGRATING-%';--> statement-breakpoint
UPDATE "bookings" SET "reference" = 'PRV-' || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', (((("id"::bigint * 7368787 + 104729) % 28629151) / 1) % 31)::int + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', (((("id"::bigint * 7368787 + 104729) % 28629151) / 31) % 31)::int + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', (((("id"::bigint * 7368787 + 104729) % 28629151) / 961) % 31)::int + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', (((("id"::bigint * 7368787 + 104729) % 28629151) / 29791) % 31)::int + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', (((("id"::bigint * 7368787 + 104729) % 28629151) / 923521) % 31)::int + 1, 1) WHERE "reference" LIKE 'MIGRATING-%';--> statement-breakpoint
INSERT INTO "activity" ("at", "actor_name", "kind", "subject_type", "subject_id", "subject_label", "detail")
SELECT b."created_at", 'Pravas (upgrade)', 'booking.created', 'booking', b."id"::text, b."reference" || ' (' || b."lead_name" || ')',
  jsonb_build_object('state', 'confirmed', 'seats', b."seats", 'migrated', true, 'version', 1)
FROM "bookings" b WHERE b."created_by_name" = 'Pravas (upgrade)';--> statement-breakpoint
ALTER TABLE "seat_requests" ADD CONSTRAINT "seat_requests_status_check" CHECK ("seat_requests"."seat_status" in ('requested', 'booked', 'cancelled'));