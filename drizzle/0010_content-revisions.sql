CREATE TABLE "content_drafts" (
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"document" jsonb NOT NULL,
	"base_version" integer NOT NULL,
	"saved_by" text,
	"saved_by_name" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_drafts_entity_type_entity_id_pk" PRIMARY KEY("entity_type","entity_id")
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"document" jsonb NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_schedule" (
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"scheduled_by" text,
	"scheduled_by_name" text,
	"scheduled_by_email" text,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_schedule_entity_type_entity_id_pk" PRIMARY KEY("entity_type","entity_id"),
	CONSTRAINT "content_schedule_action_check" CHECK ("content_schedule"."action" in ('publish', 'publish-changes'))
);
--> statement-breakpoint
CREATE TABLE "editor_presence" (
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editor_presence_entity_type_entity_id_user_id_pk" PRIMARY KEY("entity_type","entity_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_saved_by_user_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_schedule" ADD CONSTRAINT "content_schedule_scheduled_by_user_id_fk" FOREIGN KEY ("scheduled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editor_presence" ADD CONSTRAINT "editor_presence_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revisions_entity_idx" ON "content_revisions" USING btree ("entity_type","entity_id","id");--> statement-breakpoint
CREATE INDEX "content_revisions_kind_idx" ON "content_revisions" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "content_schedule_due_idx" ON "content_schedule" USING btree ("publish_at");