// What other modules may use of auth besides its service and errors: its types, constants
// and the wire shapes they share (docs/architecture.md "Modules").

export { phoneSchema } from "./auth.schemas.ts";
export type { CodePurpose, Codes } from "./codes.ts";
export { DUMMY_HASH } from "./passwords.ts";
export type { VerifiedClaims } from "./tokens.ts";
