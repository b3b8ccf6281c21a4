-- The ledger's reference data and storage settings. This migration also held the first bodies of
-- the write path's functions and the append-only triggers; their one current body is now under
-- db/functions/ (ledger_*.sql), applied after the migrations at every start (docs/architecture.md
-- "Live SQL"), so a fresh database gets them from there and nowhere else.

-- Mirrors @kestrel/money's currency table (a test proves they agree).
INSERT INTO ledger_currencies (code, scale) VALUES
  ('USD', 2), ('EUR', 2), ('GBP', 2), ('AUD', 2), ('KRW', 0), ('JPY', 0), ('BTC', 8), ('ETH', 18),
  ('USDT', 6), ('USDC', 6), ('DAI', 18), ('LTC', 8), ('TRX', 6), ('SOL', 9), ('DOGE', 8);
--> statement-breakpoint

-- Counter updates change no indexed column: free space on the page lets them stay HOT updates.
ALTER TABLE ledger_accounts SET (fillfactor = 80);
