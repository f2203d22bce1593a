-- Issue 44 (ADR 087). Two-step codes work once: the last 30-second step accepted per user; that step and earlier ones are refused.
ALTER TABLE "two_factor" ADD COLUMN IF NOT EXISTS "last_accepted_step" bigint;--> statement-breakpoint
-- Set-password (reset and invitation) tokens are stored as their SHA-256 only, as the app now writes them (auth.server.ts, hashedResetIdentifier): a backup or a read of the table holds no working link. Links sent before this migration keep working until they expire. Idempotent: hashed rows no longer start with "reset-password:".
UPDATE "verification"
SET "identifier" = 'reset-password-sha256:' || rtrim(translate(encode(sha256(convert_to("identifier", 'UTF8')), 'base64'), '+/', '-_'), '=')
WHERE "identifier" LIKE 'reset-password:%';
