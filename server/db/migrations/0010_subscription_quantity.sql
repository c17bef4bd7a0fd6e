DROP INDEX "subscriptions_invoice_unit_unique";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- One subscription per invoice line: the line's first unit keeps it, with the number of units.
-- Units renewed, cancelled and failed together, and each renewal kept its unit number, so the
-- first units' previous_id chain is the line's history.
UPDATE "subscriptions" AS "line" SET "quantity" = "units"."count"
FROM (SELECT "invoice_id", "offer_key", count(*)::integer AS "count" FROM "subscriptions" GROUP BY "invoice_id", "offer_key") AS "units"
WHERE "line"."invoice_id" = "units"."invoice_id" AND "line"."offer_key" = "units"."offer_key" AND "line"."unit" = 0;--> statement-breakpoint
DELETE FROM "subscriptions" WHERE "unit" <> 0;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_line_unique" ON "subscriptions" USING btree ("invoice_id","offer_key");--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "unit";
