// The one door of customers: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { createCustomersRepository } from "./customers.repository.ts";
export type { Customer, CustomersService } from "./customers.service.ts";
export { createCustomersService, isProfileComplete } from "./customers.service.ts";
export { displayPhone, maskPhone, normalizePhone } from "./phone.ts";
