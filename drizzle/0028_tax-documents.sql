CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"financial_year" smallint NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_series_financial_year_pk" PRIMARY KEY("series","financial_year")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"series" text,
	"financial_year" smallint,
	"sequence" integer,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"date" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"payment_ledger_id" integer,
	"refers_to_id" integer,
	"snapshot" jsonb NOT NULL,
	"pdf" "bytea" NOT NULL,
	"pdf_sha256" text NOT NULL,
	"issued_by" text,
	"issued_by_name" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancelled_by_name" text,
	"cancel_reason" text,
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" in ('quote', 'receipt-voucher', 'tax-invoice', 'payment-receipt', 'refund-voucher', 'credit-note')),
	CONSTRAINT "tax_documents_series_check" CHECK (("tax_documents"."kind" = 'quote' AND "tax_documents"."series" IS NULL AND "tax_documents"."sequence" IS NULL) OR ("tax_documents"."kind" <> 'quote' AND "tax_documents"."series" = "tax_documents"."kind" AND "tax_documents"."financial_year" IS NOT NULL AND "tax_documents"."sequence" >= 1)),
	CONSTRAINT "tax_documents_cancel_check" CHECK (("tax_documents"."cancelled_at" IS NULL) = ("tax_documents"."cancel_reason" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "tax_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"scheme" text,
	"effective_from" date NOT NULL,
	"figures" jsonb NOT NULL,
	"document_note" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_by" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" text,
	"withdrawn_reason" text,
	CONSTRAINT "tax_rules_kind_check" CHECK ("tax_rules"."kind" in ('gst', 'tcs')),
	CONSTRAINT "tax_rules_scheme_check" CHECK (("tax_rules"."kind" = 'gst' AND "tax_rules"."scheme" in ('package', 'service-charge')) OR ("tax_rules"."kind" = 'tcs' AND "tax_rules"."scheme" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "billing_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "billing_state_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "billing_pan" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "billing_company_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "billing_gstin" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "tax_scheme" text DEFAULT 'package' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "overseas" boolean;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "business_legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "business_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "business_state_code" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "pan" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "invoice_prefix" text DEFAULT 'PRV' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "receipt_voucher_prefix" text DEFAULT 'RV' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "payment_receipt_prefix" text DEFAULT 'RC' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "refund_voucher_prefix" text DEFAULT 'RF' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "credit_note_prefix" text DEFAULT 'CN' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "overseas_place_of_supply" text DEFAULT 'traveller' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "auto_receipt_vouchers" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_payment_ledger_id_payment_ledger_id_fk" FOREIGN KEY ("payment_ledger_id") REFERENCES "public"."payment_ledger"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refers_to_id_tax_documents_id_fk" FOREIGN KEY ("refers_to_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_issued_by_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_cancelled_by_user_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rules" ADD CONSTRAINT "tax_rules_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rules" ADD CONSTRAINT "tax_rules_withdrawn_by_user_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_idx" ON "tax_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_sequence_idx" ON "tax_documents" USING btree ("series","financial_year","sequence");--> statement-breakpoint
CREATE INDEX "tax_documents_booking_idx" ON "tax_documents" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "tax_documents_date_idx" ON "tax_documents" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_invoice_idx" ON "tax_documents" USING btree ("booking_id") WHERE "tax_documents"."kind" = 'tax-invoice' AND "tax_documents"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_receipt_idx" ON "tax_documents" USING btree ("payment_ledger_id") WHERE "tax_documents"."kind" in ('receipt-voucher', 'payment-receipt') AND "tax_documents"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "tax_rules_kind_effective_idx" ON "tax_rules" USING btree ("kind","effective_from");--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_tax_scheme_check" CHECK ("packages"."tax_scheme" in ('package', 'service-charge'));--> statement-breakpoint
-- The tax rules: a rule is never changed once added; only its withdrawal (once) may be written. Never deleted (ADR 092).
CREATE OR REPLACE FUNCTION "tax_rules_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'TRUNCATE') AND current_setting('pravas.ledger_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  -- A deleted user's id is set to null by the foreign keys; the names stay.
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'created_by' - 'withdrawn_by') = (to_jsonb(OLD) - 'created_by' - 'withdrawn_by')
     AND (NEW.created_by IS NULL OR NEW.created_by = OLD.created_by) AND (NEW.withdrawn_by IS NULL OR NEW.withdrawn_by = OLD.withdrawn_by) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.withdrawn_at IS NULL AND NEW.withdrawn_at IS NOT NULL
     AND (to_jsonb(NEW) - 'withdrawn_at' - 'withdrawn_by' - 'withdrawn_reason') = (to_jsonb(OLD) - 'withdrawn_at' - 'withdrawn_by' - 'withdrawn_reason') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'tax_rules is append-only: add a rule with its date, or withdraw one, instead of % (ADR 092)', TG_OP USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tax_rules_append_only" BEFORE UPDATE OR DELETE ON "tax_rules" FOR EACH ROW EXECUTE FUNCTION "tax_rules_append_only"();
--> statement-breakpoint
CREATE TRIGGER "tax_rules_no_truncate" BEFORE TRUNCATE ON "tax_rules" FOR EACH STATEMENT EXECUTE FUNCTION "tax_rules_append_only"();
--> statement-breakpoint
-- Issued documents: never deleted, never changed but for their cancellation (once). A credit note corrects (ADR 092).
-- Only a purge that says so in its own transaction (test fixtures, a restore from a backup) may delete rows.
CREATE OR REPLACE FUNCTION "tax_documents_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'TRUNCATE') AND current_setting('pravas.ledger_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  -- A deleted user's id is set to null by the foreign keys; the names stay.
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'issued_by' - 'cancelled_by') = (to_jsonb(OLD) - 'issued_by' - 'cancelled_by')
     AND (NEW.issued_by IS NULL OR NEW.issued_by = OLD.issued_by) AND (NEW.cancelled_by IS NULL OR NEW.cancelled_by = OLD.cancelled_by) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.cancelled_at IS NULL AND NEW.cancelled_at IS NOT NULL
     AND (to_jsonb(NEW) - 'cancelled_at' - 'cancelled_by' - 'cancelled_by_name' - 'cancel_reason')
       = (to_jsonb(OLD) - 'cancelled_at' - 'cancelled_by' - 'cancelled_by_name' - 'cancel_reason') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'tax_documents are never changed or deleted: cancel the document and issue a credit note instead of % (ADR 092)', TG_OP USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tax_documents_append_only" BEFORE UPDATE OR DELETE ON "tax_documents" FOR EACH ROW EXECUTE FUNCTION "tax_documents_append_only"();
--> statement-breakpoint
CREATE TRIGGER "tax_documents_no_truncate" BEFORE TRUNCATE ON "tax_documents" FOR EACH STATEMENT EXECUTE FUNCTION "tax_documents_append_only"();
