CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
