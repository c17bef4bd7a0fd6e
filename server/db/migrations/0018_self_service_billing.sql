CREATE TABLE "cards_on_file" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"test_card_outcome" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "billing_company_name" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "billing_tax_id" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "purchase_order" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing_company_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing_tax_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "purchase_order" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "license_key" text;--> statement-breakpoint
ALTER TABLE "cards_on_file" ADD CONSTRAINT "cards_on_file_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_license_key_idx" ON "subscriptions" USING btree ("license_key");