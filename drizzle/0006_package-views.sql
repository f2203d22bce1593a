CREATE TABLE "package_views" (
	"package_id" integer NOT NULL,
	"visitor_hash" text NOT NULL,
	"ip_hash" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "package_views_package_id_visitor_hash_day_pk" PRIMARY KEY("package_id","visitor_hash","day")
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "package_views" ADD CONSTRAINT "package_views_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_views_ip_idx" ON "package_views" USING btree ("package_id","day","ip_hash");