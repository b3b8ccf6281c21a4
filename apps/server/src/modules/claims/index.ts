// The one door of claims: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.

export type { ClaimsService } from "./claims.service.ts";
export { createClaimsService } from "./claims.service.ts";
export {
  CLAIM_DELIVER_TASK,
  CLAIM_RETURN_TASK,
  CLAIM_TEXT_EVENTS,
  CLAIM_TEXT_TASK,
  CLAIMS_SWEEP_TASK,
} from "./claims.types.ts";
