ALTER TABLE "checkout_sessions" ADD COLUMN "invoice_version" integer;--> statement-breakpoint
-- Sessions started before this column existed keep charging their invoice's current version.
UPDATE "checkout_sessions" SET "invoice_version" = "invoices"."version" FROM "invoices" WHERE "invoices"."id" = "checkout_sessions"."invoice_id";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ALTER COLUMN "invoice_version" SET NOT NULL;
