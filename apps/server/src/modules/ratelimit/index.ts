// The one door of ratelimit: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { createRateLimitRepository } from "./ratelimit.repository.ts";
export type { Limit, RateLimitService } from "./ratelimit.service.ts";
export { createRateLimitService, LIMITS, rateLimitErrors } from "./ratelimit.service.ts";
