CREATE TABLE "cart_items" (
	"user_id" uuid NOT NULL,
	"offer_key" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "cart_items_user_id_offer_key_pk" PRIMARY KEY("user_id","offer_key")
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"billing_name" text,
	"billing_address1" text,
	"billing_address2" text,
	"billing_city" text,
	"billing_state_code" text,
	"billing_postal_code" text,
	"billing_country_code" text,
	"is_business_purchase" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"user_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"status" text NOT NULL,
	"client_secret_hash" text,
	"test_card_outcome" text,
	"provider_customer_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"offer_key" text NOT NULL,
	"description" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"sub_total_cents" integer NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_position_pk" PRIMARY KEY("invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"number" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"fully_paid_at" timestamp with time zone,
	"is_void" boolean DEFAULT false NOT NULL,
	"from_cart" boolean DEFAULT false NOT NULL,
	"billing_name" text NOT NULL,
	"billing_address1" text NOT NULL,
	"billing_address2" text,
	"billing_city" text NOT NULL,
	"billing_state_code" text,
	"billing_state_name" text,
	"billing_postal_code" text NOT NULL,
	"billing_country_code" text NOT NULL,
	"billing_country_name" text NOT NULL,
	"billing_email" text NOT NULL,
	"billing_notes" text,
	"is_business_purchase" boolean DEFAULT false NOT NULL,
	"is_tax_exempt" boolean NOT NULL,
	"tax_rate_bps" integer NOT NULL,
	"sub_total_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"is_payment" boolean DEFAULT true NOT NULL,
	"is_card" boolean DEFAULT true NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processed_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"offer_key" text NOT NULL,
	"unit" integer DEFAULT 0 NOT NULL,
	"invoice_id" uuid NOT NULL,
	"previous_id" uuid,
	"effective_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"next_renewal_at" timestamp with time zone,
	"is_activated" boolean DEFAULT true NOT NULL,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"is_renewed" boolean DEFAULT false NOT NULL,
	"is_valid" boolean DEFAULT true NOT NULL,
	"renewal_failed" boolean DEFAULT false NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"test_card_outcome" text
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_carts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."carts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_offer_key_offers_key_fk" FOREIGN KEY ("offer_key") REFERENCES "public"."offers"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_offer_key_offers_key_fk" FOREIGN KEY ("offer_key") REFERENCES "public"."offers"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_offer_key_offers_key_fk" FOREIGN KEY ("offer_key") REFERENCES "public"."offers"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_invoice_idx" ON "checkout_sessions" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_unique" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_invoice_unit_unique" ON "subscriptions" USING btree ("invoice_id","offer_key","unit");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_idx" ON "subscriptions" USING btree ("next_renewal_at");