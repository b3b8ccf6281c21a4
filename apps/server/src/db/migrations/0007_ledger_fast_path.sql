-- Superseded: this migration held a faster write path's function bodies and the account identity
-- trigger. Their one current body is under db/functions/ (ledger_*.sql), applied after the
-- migrations at every start (docs/architecture.md "Live SQL").
SELECT 1;
