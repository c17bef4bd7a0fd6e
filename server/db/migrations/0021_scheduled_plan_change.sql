ALTER TABLE "subscriptions" ADD COLUMN "scheduled_offer_key" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_quantity" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_scheduled_offer_key_offers_key_fk" FOREIGN KEY ("scheduled_offer_key") REFERENCES "public"."offers"("key") ON DELETE no action ON UPDATE no action;