-- The usage's unique reference indexed reference first: the window's sum, by merchant and
-- customer, then has one index that starts with the merchant to choose.
DROP INDEX "kyc_usage_reference";--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_usage_reference" ON "kyc_usage" USING btree ("reference","merchant_id");--> statement-breakpoint
DROP FUNCTION kyc_record_usage(uuid, uuid, uuid, text, numeric, text, text, timestamptz, timestamptz,
  timestamptz, text, text, numeric, numeric, boolean);
