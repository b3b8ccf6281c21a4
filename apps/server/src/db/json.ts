/**
 * A JSON value: what a jsonb column may hold (a stored response, a job's payload; amounts as
 * decimal strings, never bigint). Here, below the modules, so jobs/ and the ledger share it.
 */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
