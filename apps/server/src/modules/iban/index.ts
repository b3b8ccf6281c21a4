// The one door of iban: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.

export type { IbanService } from "./iban.service.ts";
export { createIbanService } from "./iban.service.ts";
