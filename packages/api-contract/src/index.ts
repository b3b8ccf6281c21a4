// The API contract: types generated from openapi.json (itself generated from the server's schemas).
export type { components, operations, paths } from "./schema.d.ts";
