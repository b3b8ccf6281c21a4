// The one door of send: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { createSendService } from "./send.service.ts";
