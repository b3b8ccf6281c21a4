import type { OperationType } from "../../db/schema/index.ts";
import { OPERATION_INFO } from "./operation-types.ts";

// The catalog's names (the back-office's configuration answer shows them).

/** Each operation type's display name, as the customer's catalog names it. */
export const OPERATION_NAMES = Object.fromEntries(
  Object.entries(OPERATION_INFO).map(([type, info]) => [type, info.name]),
) as Record<OperationType, string>;
