CREATE TABLE "review_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"link_id" integer,
	"package_id" integer NOT NULL,
	"stars" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"author_name" text NOT NULL,
	"travelled_on" date NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"reply" text,
	"reply_by_name" text,
	"replied_at" timestamp with time zone,
	"moderated_at" timestamp with time zone,
	"moderated_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_stars_check" CHECK ("reviews"."stars" between 1 and 5),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('new', 'published', 'hidden'))
);
--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_link_id_review_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."review_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_links_token_hash_idx" ON "review_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "review_links_booking_idx" ON "review_links" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_link_idx" ON "reviews" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "reviews_package_status_idx" ON "reviews" USING btree ("package_id","status");--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at");