// The one door of location: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { createIpCountryDatabase } from "./ip-country-database.ts";
export type { LocationService } from "./location.service.ts";
export { createLocationService } from "./location.service.ts";
