DROP INDEX "kyc_usage_window";--> statement-breakpoint
ALTER TABLE "kyc_usage" ALTER COLUMN "running_total" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_usage_total" ON "kyc_usage" USING btree ("merchant_id","customer_id","operation_type","running_total");--> statement-breakpoint
CREATE INDEX "kyc_usage_released" ON "kyc_usage" USING btree ("merchant_id","customer_id","operation_type","created_at") WHERE "kyc_usage"."released_at" is not null;--> statement-breakpoint
CREATE INDEX "kyc_usage_window" ON "kyc_usage" USING btree ("merchant_id","customer_id","operation_type","created_at","running_total");--> statement-breakpoint
ALTER TABLE "kyc_usage" ADD CONSTRAINT "kyc_usage_running_total" CHECK ("kyc_usage"."running_total" >= "kyc_usage"."amount");