ALTER TABLE "faqs" ADD COLUMN "pages" text DEFAULT 'both' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "whatsapp_package_message" text DEFAULT 'Hi Pravas, I''m interested in the {package} package. Could you share the details?' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "notify_email" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "gst_percent" real DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "gst_label" text DEFAULT 'GST' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "tcs_percent" real DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "tcs_label" text DEFAULT 'TCS' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "lead_popup_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "hero_headline" text DEFAULT 'Best Place to find Your Inner Peace' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "hero_subheadline" text DEFAULT 'Feeling relaxed? Connect with us to plan your journey and explore the world!' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_pages_check" CHECK ("faqs"."pages" in ('home', 'contact', 'both'));--> statement-breakpoint
-- Phones are stored in E.164 from now on (shown as "+91 98450 12345", ADR 041).
UPDATE "site_settings" SET "phone_primary" = regexp_replace("phone_primary", '[^0-9+]', '', 'g'), "phone_secondary" = nullif(regexp_replace(coalesce("phone_secondary", ''), '[^0-9+]', '', 'g'), '');
