ALTER TABLE "kyc_usage" ADD COLUMN "running_total" numeric(39, 0);--> statement-breakpoint
-- Added by hand (issue 25): the existing usage gets its running totals, per customer and
-- operation in time order (ties by id), released rows included, as the trigger of
-- db/functions/kyc_usage_running_total.sql keeps them from now on. The next migration makes the
-- column required and unique per customer and operation.
UPDATE "kyc_usage" u SET "running_total" = r.total
  FROM (SELECT "id", sum("amount") OVER (PARTITION BY "merchant_id", "customer_id", "operation_type"
                                         ORDER BY "created_at", "id") AS total
        FROM "kyc_usage") r
  WHERE u."id" = r."id";
