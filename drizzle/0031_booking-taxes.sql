ALTER TABLE "bookings" ADD COLUMN "gst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tcs_paise" bigint DEFAULT 0 NOT NULL;