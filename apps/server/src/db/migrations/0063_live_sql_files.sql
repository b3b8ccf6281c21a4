CREATE TABLE "live_sql_files" (
	"file" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"functions" text[] NOT NULL,
	"triggers" text[] NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
