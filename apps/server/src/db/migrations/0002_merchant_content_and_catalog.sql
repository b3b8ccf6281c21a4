CREATE TABLE "merchant_banners" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"position" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"image_url" text,
	"link" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "merchant_banners_position" CHECK ("merchant_banners"."position" in ('right', 'bottom'))
);
--> statement-breakpoint
CREATE TABLE "merchant_faq" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_feature_flags" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"allowed" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "merchant_feature_flags_level" CHECK ("merchant_feature_flags"."level" in ('ALL', 'FULL', 'KYC'))
);
--> statement-breakpoint
CREATE TABLE "merchant_operations" (
	"merchant_id" uuid NOT NULL,
	"operation_type" text NOT NULL,
	"operation_constraint" text DEFAULT 'NONE' NOT NULL,
	"kyc_levels" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_operations_merchant_id_operation_type_pk" PRIMARY KEY("merchant_id","operation_type"),
	CONSTRAINT "merchant_operations_constraint" CHECK ("merchant_operations"."operation_constraint" in ('NONE', 'DISABLED', 'MAINTENANCE')),
	CONSTRAINT "merchant_operations_kyc_levels" CHECK ("merchant_operations"."kyc_levels" <@ array['KYC_0', 'KYC_1', 'KYC_2', 'KYC_3']::text[])
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "home_country" text DEFAULT 'DE' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_banners" ADD CONSTRAINT "merchant_banners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_faq" ADD CONSTRAINT "merchant_faq_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_feature_flags" ADD CONSTRAINT "merchant_feature_flags_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_operations" ADD CONSTRAINT "merchant_operations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_banners_listing" ON "merchant_banners" USING btree ("merchant_id","locale","position","sort");--> statement-breakpoint
CREATE INDEX "merchant_faq_listing" ON "merchant_faq" USING btree ("merchant_id","locale","sort");--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_home_country_iso" CHECK ("merchants"."home_country" ~ '^[A-Z]{2}$');