CREATE TABLE "offers" (
	"key" text PRIMARY KEY NOT NULL,
	"description" jsonb NOT NULL,
	"service_name" text NOT NULL,
	"service_home_page" text NOT NULL,
	"app_page" text NOT NULL,
	"price_cents" integer NOT NULL,
	"savings_cents" integer DEFAULT 0 NOT NULL,
	"trial_days" integer NOT NULL,
	"is_subscription" boolean NOT NULL,
	"renewal_months" integer DEFAULT 1 NOT NULL,
	"items" jsonb NOT NULL,
	"claims" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
