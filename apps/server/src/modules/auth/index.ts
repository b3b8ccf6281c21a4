// The one door of auth: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { authErrors } from "./auth.errors.ts";
export { createAuthRepository } from "./auth.repository.ts";
export { phoneSchema } from "./auth.schemas.ts";
export type { AuthService, NewDeviceSignIn, RequestContext } from "./auth.service.ts";
export { createAuthService } from "./auth.service.ts";
export type { CodePurpose, Codes } from "./codes.ts";
export { createCodes } from "./codes.ts";
export { DUMMY_HASH, hashPassword, verifyPassword } from "./passwords.ts";
export { requestContext } from "./request-context.ts";
export { createSignupService } from "./signup.service.ts";
export type { VerifiedClaims } from "./tokens.ts";
export { createAccessTokens, hashToken } from "./tokens.ts";
