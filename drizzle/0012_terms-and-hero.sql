ALTER TABLE "packages" ADD COLUMN "terms_override" jsonb;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "hero_media_key" text DEFAULT 'hero' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "package_terms" jsonb;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "booking_conveniences" jsonb;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "refund_rule" text;--> statement-breakpoint
-- The intro's highlighted words become marks in its text (==word==, ADR 044): the words the reveal coloured until now.
UPDATE "site_settings" SET "intro_paragraph" = regexp_replace("intro_paragraph", '\m(travel|stories|effortless|memorable|exploring|discovering)\M', '==\1==', 'gi') WHERE position('==' in "intro_paragraph") = 0;
