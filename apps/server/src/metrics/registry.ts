import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's metrics (docs/operations.md "Metrics"). Labels name kinds, routes, parties and
 * outcomes, never a customer, an id or an amount: their values are a small closed set.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

// Seconds; from a fast cached read to a slow money move waiting on a lock or a provider.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequestDuration = new Histogram({
  name: "kestrel_http_request_duration_seconds",
  help: "HTTP requests by method, route pattern (never the URL) and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const moneyOperations = new Counter({
  name: "kestrel_money_operations_total",
  help: "Ledger operations by kind and outcome (applied, replayed, refused, failed).",
  labelNames: ["kind", "outcome"] as const,
  registers: [registry],
});

export const providerCalls = new Histogram({
  name: "kestrel_provider_call_duration_seconds",
  help: "Calls to outside parties by party, call and outcome (ok, refused, failed).",
  labelNames: ["party", "call", "outcome"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const chainFollowerLag = new Gauge({
  name: "kestrel_chain_follower_lag_blocks",
  help: "Blocks between a network's head and the last block its follower read.",
  labelNames: ["network"] as const,
  registers: [registry],
});
