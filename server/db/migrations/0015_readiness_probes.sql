CREATE TABLE "readiness_probes" (
	"id" integer PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
