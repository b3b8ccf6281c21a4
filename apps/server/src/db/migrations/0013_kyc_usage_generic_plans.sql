-- kyc_record_usage keeps its plans (0011 made it plan every statement on every call, a quarter
-- of the function's time). What 0011 guarded against still holds: a generic plan made while
-- kyc_usage is small may scan the whole table, and is kept until the table is analysed again.
-- Each of the function's statements has an index that fits it (the customer's KYC row; the
-- usage's reference; the customer's window), so scans of whole tables are ruled out instead.
ALTER FUNCTION kyc_record_usage RESET plan_cache_mode;--> statement-breakpoint
ALTER FUNCTION kyc_record_usage SET enable_seqscan = off;
