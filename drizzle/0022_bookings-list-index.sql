DROP INDEX "bookings_created_idx";--> statement-breakpoint
CREATE INDEX "bookings_list_idx" ON "bookings" USING btree ("created_at","id") WHERE "bookings"."deleted_at" is null;