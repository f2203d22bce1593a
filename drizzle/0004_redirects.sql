CREATE TABLE "redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_path" text NOT NULL,
	"to_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_from_path_unique" UNIQUE("from_path")
);
--> statement-breakpoint
-- hand-written: the old links of the spec that were hard-coded aliases (PACKAGE_SLUG_ALIASES).
INSERT INTO "redirects" ("from_path", "to_path") VALUES
	('/packages/bangalore-ooty-mysore', '/packages/bangalore-mysore'),
	('/packages/bangalore-mysore-ooty', '/packages/bangalore-mysore')
ON CONFLICT ("from_path") DO NOTHING;
