ALTER TABLE "user" ADD COLUMN "must_set_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (issue 49); each statement changes nothing when run again.
-- The first admin was made as "Administrator" and never asked their name: the back office asks it first.
UPDATE "user" SET "must_set_name" = true WHERE "name" = 'Administrator' AND "role" = 'admin';
--> statement-breakpoint
-- One "from" price everywhere: the adult or per-person price, or the cheapest hotel option (no longer a child's).
UPDATE "packages" SET "price_from" = LEAST(
  COALESCE(CASE WHEN "price"->>'kind' = 'single' THEN ("price"->>'amount')::int ELSE ("price"->>'adult')::int END, 0),
  COALESCE((SELECT min(("option"->>'amount')::int) FROM jsonb_array_elements("price_options") AS "option"), 2147483647)
);
--> statement-breakpoint
-- The seeded "Not included" tax lines say the settings' rates ({gst}, {tcs}) instead of a fixed 5%.
UPDATE "packages" SET "excluded" = (
  SELECT jsonb_agg(CASE "line" WHEN '5% GST and 5% TCS' THEN '{gst} and {tcs}' WHEN '5% GST' THEN '{gst}' ELSE "line" END ORDER BY "n")
  FROM jsonb_array_elements_text("excluded") WITH ORDINALITY AS "lines"("line", "n")
) WHERE "excluded" @> '["5% GST and 5% TCS"]'::jsonb OR "excluded" @> '["5% GST"]'::jsonb;
--> statement-breakpoint
-- The seeded SEO descriptions, where nobody changed them, say the "from" price as {price}: it follows the price.
UPDATE "packages" SET "seo_description" = replace("seo_description", 'From ₹99,500 per adult', 'From {price} per adult')
  WHERE "slug" = 'bali' AND "seo_description" = 'Seven days in Bali: Tanah Lot at sunset, Ubud''s Monkey Forest, a Mount Batur sunrise trek and Kecak at Uluwatu. From ₹99,500 per adult with flights.';
--> statement-breakpoint
UPDATE "packages" SET "seo_description" = replace("seo_description", 'From ₹93,200 per adult', 'From {price} per adult')
  WHERE "slug" = 'sri-lanka' AND "seo_description" = 'Seven days in Sri Lanka: Pinnawala elephants, Dambulla caves, Kandy''s Temple of the Tooth, Nuwara Eliya tea country and Galle Fort. From ₹93,200 per adult.';
--> statement-breakpoint
UPDATE "packages" SET "seo_description" = replace("seo_description", 'From ₹52,500.', 'From {price}.')
  WHERE "slug" = 'golden-triangle' AND "seo_description" = 'A seven-day Golden Triangle tour: Delhi''s Old City and Qutub Minar, the Taj Mahal and Agra Fort, Fatehpur Sikri and Jaipur''s Amber Fort. From ₹52,500.';
--> statement-breakpoint
UPDATE "packages" SET "seo_description" = replace("seo_description", 'From ₹22,440 per adult', 'From {price} per adult')
  WHERE "slug" = 'hampi' AND "seo_description" = 'A four-day heritage tour from Hosapete: Badami cave temples, Aihole, Pattadakal and Hampi''s Virupaksha and Vittala temples. From ₹22,440 per adult.';
--> statement-breakpoint
UPDATE "packages" SET "seo_description" = replace("seo_description", 'From ₹21,500 each', 'From {price} each')
  WHERE "slug" = 'bangalore-mysore' AND "seo_description" = 'Six days from Bangalore: three nights in Ooty with a Coonoor toy-train day, then Mysore Palace, Chamundi Hill and Brindavan Gardens. From ₹21,500 each.';
--> statement-breakpoint
-- The seeded "Quote" reply, where nobody changed it, says how many travel ({travellers}) instead of asking what the enquiry said.
UPDATE "reply_templates" SET "body" = 'Hello {name}, this is {agent} from Pravas. Thank you for your interest in {package}. I am putting your quote together for {travellers} for {departure} and will send it here shortly.'
  WHERE "name" = 'Quote' AND "body" = 'Hello {name}, this is {agent} from Pravas. Thank you for your interest in {package}. I am putting your quote together for {departure} and will send it here shortly. How many of you are travelling?';
