ALTER TABLE "blog_views" ADD COLUMN "ip_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "blog_views_ip_idx" ON "blog_views" USING btree ("blog_id","day","ip_hash");