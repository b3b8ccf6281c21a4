// The one door of captcha: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { createCaptchaRepository } from "./captcha.repository.ts";
export type { CaptchaService } from "./captcha.service.ts";
export { createCaptchaService } from "./captcha.service.ts";
