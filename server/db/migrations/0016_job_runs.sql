CREATE TABLE "job_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"done" integer NOT NULL,
	"ms" integer NOT NULL,
	"error" text,
	"last_success_at" timestamp with time zone
);
