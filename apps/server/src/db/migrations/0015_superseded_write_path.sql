-- Superseded: this migration created SQL functions of a write path that no longer exists. Live
-- SQL (functions, triggers, views) has one file each under db/functions/, applied after the
-- migrations at every start; that step also drops any function no file defines (docs/architecture.md "Live SQL").
-- Databases that ran this migration keep nothing of it after that step.
SELECT 1;
