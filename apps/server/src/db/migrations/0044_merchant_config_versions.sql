CREATE TABLE "merchant_config_versions" (
	"merchant_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"section" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"operator_id" uuid,
	"operator_email" text,
	"reason" text,
	"restored_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_config_versions_merchant_id_version_pk" PRIMARY KEY("merchant_id","version"),
	CONSTRAINT "merchant_config_versions_positive" CHECK ("merchant_config_versions"."version" > 0),
	CONSTRAINT "merchant_config_versions_section" CHECK ("merchant_config_versions"."section" in ('operations', 'branding', 'texts', 'links', 'cardPrograms'))
);
--> statement-breakpoint
ALTER TABLE "merchant_config_versions" ADD CONSTRAINT "merchant_config_versions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;