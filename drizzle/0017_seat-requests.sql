-- Seats on each departure and seat requests (issue 26 §2–4, ADR 059).
-- Each group departure gets a stable id (its seat requests name it); the ones stored so far get one now.
UPDATE "packages" SET "group_dates" = coalesce((
  SELECT jsonb_agg(CASE WHEN e.d ? 'id' THEN e.d ELSE e.d || jsonb_build_object('id', 'd' || substr(md5(random()::text || clock_timestamp()::text || e.ord::text), 1, 11)) END ORDER BY e.ord)
  FROM jsonb_array_elements("packages"."group_dates") WITH ORDINALITY AS e(d, ord)
), '[]'::jsonb);--> statement-breakpoint
-- A seat request is an inbox lead (source 'seat-request') with its departure, travellers and seat status here.
CREATE TABLE "seat_requests" (
  "lead_id" integer PRIMARY KEY NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
  "reference" text NOT NULL,
  "package_id" integer NOT NULL REFERENCES "packages"("id") ON DELETE CASCADE,
  "departure_id" text NOT NULL,
  "departure_name" text NOT NULL,
  "departure_start" text NOT NULL,
  "departure_end" text NOT NULL,
  "adults" integer NOT NULL,
  "children" integer DEFAULT 0 NOT NULL,
  "room" text NOT NULL,
  "seat_status" text DEFAULT 'requested' NOT NULL,
  "confirmed_at" timestamp with time zone,
  "cancelled_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "seat_requests_reference_unique" UNIQUE ("reference"),
  CONSTRAINT "seat_requests_status_check" CHECK ("seat_status" in ('requested', 'confirmed', 'cancelled')),
  CONSTRAINT "seat_requests_room_check" CHECK ("room" in ('twin', 'triple', 'single')),
  CONSTRAINT "seat_requests_travellers_check" CHECK ("adults" >= 1 AND "children" >= 0 AND "adults" + "children" <= 20)
);--> statement-breakpoint
CREATE INDEX "seat_requests_departure_idx" ON "seat_requests" ("package_id", "departure_id", "seat_status");--> statement-breakpoint
-- The references' numbers, one sequence per year: PRV-2027-0042.
CREATE TABLE "seat_request_numbers" (
  "year" integer PRIMARY KEY NOT NULL,
  "last" integer NOT NULL
);
