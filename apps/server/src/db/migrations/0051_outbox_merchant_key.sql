-- The outboxes grow with customers: the merchant leads their primary keys (docs/scaling.md).
-- (drizzle-kit cannot name the old primary keys; PostgreSQL named them <table>_pkey.)
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_pkey";--> statement-breakpoint
ALTER TABLE "sms_outbox" DROP CONSTRAINT "sms_outbox_pkey";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");
