-- Limits that several servers share when DATABASE_URL is set (ADR 060). With PGlite they stay in memory and these tables stay empty.
-- Fixed-window counters of rate-limiter-flexible's RateLimiterPostgres (the form limit, the page-render limit): its own schema, made here so that the app runs no DDL (tableCreated: true). The key is text, not the library's varchar(255): a key may hold an e-mail address.
CREATE TABLE IF NOT EXISTS "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");--> statement-breakpoint
-- The sign-in throttle's sliding windows (ADR 022, 032): one row per failed sign-in per counted key, at its time in ms.
CREATE TABLE IF NOT EXISTS "login_failures" (
	"key" text NOT NULL,
	"at" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_failures_key_at_idx" ON "login_failures" USING btree ("key","at");
