-- Every send updates its session's row (the money frame's session check is a write,
-- docs/scaling.md): room on each page keeps those updates heap-only (no new index entries), as
-- ledger_accounts has had since 0004 (its counters). New and updated pages keep the room.
ALTER TABLE "sessions" SET (fillfactor = 80);
