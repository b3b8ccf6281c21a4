// What other modules may use of deposits besides its service and errors: its types, constants
// and the wire shapes they share (docs/architecture.md "Modules").

export { depositParams, depositResponse, moveClockBody } from "./deposits.schemas.ts";
