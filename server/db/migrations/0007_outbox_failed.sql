ALTER TABLE "outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
-- Mail that used up its attempts before this column existed counts as failed.
UPDATE "outbox" SET "failed_at" = now() WHERE "sent_at" IS NULL AND "attempts" >= 12;
