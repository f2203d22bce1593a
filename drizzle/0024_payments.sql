CREATE TABLE "booking_payment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"due_on" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "booking_payment_lines_kind_check" CHECK ("booking_payment_lines"."kind" in ('deposit', 'instalment', 'balance')),
	CONSTRAINT "booking_payment_lines_amount_check" CHECK ("booking_payment_lines"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_gateway_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"provider_event" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"amount_paise" bigint,
	"event" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"problem" text,
	"booking_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_gateway_events_status_check" CHECK ("payment_gateway_events"."status" in ('queued', 'applied', 'needs-look', 'ignored'))
);
--> statement-breakpoint
CREATE TABLE "payment_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	"moved_on" date,
	"method" text,
	"reference" text,
	"reverses" integer,
	"gateway_key" text,
	"proof_key" text,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" text,
	"recorded_by_name" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_ledger_kind_check" CHECK ("payment_ledger"."kind" in ('payment', 'refund', 'reversal')),
	CONSTRAINT "payment_ledger_amount_check" CHECK (("payment_ledger"."kind" = 'reversal' AND "payment_ledger"."reverses" IS NOT NULL) OR ("payment_ledger"."kind" <> 'reversal' AND "payment_ledger"."amount_paise" > 0 AND "payment_ledger"."amount_paise" <= 1000000000 AND "payment_ledger"."moved_on" IS NOT NULL AND "payment_ledger"."method" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"line_key" text NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"provider_link_id" text NOT NULL,
	"url" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_references" (
	"reference_key" text PRIMARY KEY NOT NULL,
	"ledger_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "upi_id" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "upi_payee_name" text;--> statement-breakpoint
ALTER TABLE "booking_payment_lines" ADD CONSTRAINT "booking_payment_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_gateway_events" ADD CONSTRAINT "payment_gateway_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_references" ADD CONSTRAINT "payment_references_ledger_id_payment_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."payment_ledger"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payment_lines_key_idx" ON "booking_payment_lines" USING btree ("booking_id","key");--> statement-breakpoint
CREATE INDEX "booking_payment_lines_due_idx" ON "booking_payment_lines" USING btree ("due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_gateway_events_dedupe_idx" ON "payment_gateway_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "payment_gateway_events_status_idx" ON "payment_gateway_events" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "payment_ledger_booking_idx" ON "payment_ledger" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "payment_ledger_moved_idx" ON "payment_ledger" USING btree ("moved_on");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_gateway_key_idx" ON "payment_ledger" USING btree ("gateway_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_reverses_idx" ON "payment_ledger" USING btree ("reverses");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_reference_idx" ON "payment_links" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_links_booking_idx" ON "payment_links" USING btree ("booking_id");--> statement-breakpoint
-- The ledger is only ever added to (ADR 090): a correction is a reversing entry. Refused here too, whatever the code does.
CREATE OR REPLACE FUNCTION "payment_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only a purge that says so in its own transaction (test fixtures, a future erasure rule) may delete rows; nothing may update one.
  -- A restore from a backup replaces the whole ledger (TRUNCATE) under the same switch.
  IF TG_OP IN ('DELETE', 'TRUNCATE') AND current_setting('pravas.ledger_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'payment_ledger is append-only: record a reversing entry instead of % (ADR 090)', TG_OP USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payment_ledger_append_only" BEFORE UPDATE OR DELETE ON "payment_ledger" FOR EACH ROW EXECUTE FUNCTION "payment_ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "payment_ledger_no_truncate" BEFORE TRUNCATE ON "payment_ledger" FOR EACH STATEMENT EXECUTE FUNCTION "payment_ledger_append_only"();
