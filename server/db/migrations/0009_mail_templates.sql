ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "event_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_event_unique" ON "outbox" USING btree ("event_key");