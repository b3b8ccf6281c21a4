// What other modules may use of operators besides its service and errors: its types, constants
// and the wire shapes they share (docs/architecture.md "Modules").

export { operatorSecurity } from "./operator-guard.ts";
export { adminErrors } from "./operators.routes.ts";
