// The one door of rates: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.

export type { QuotedRate, RatesService } from "./rates.service.ts";
export { convertMinor, createRatesService, rateToString } from "./rates.service.ts";
