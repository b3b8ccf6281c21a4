import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMerchantData } from "../config-service/queries.ts";
import { getJson } from "../http/request-json.ts";
import {
  type OperationReason,
  type OperationStatus,
  type OperationType,
  operationsCatalogSchema,
} from "./operations-schema.ts";

function fetchOperationsCatalog(merchantId: string) {
  return getJson("/v2/catalog/operations", {
    schema: operationsCatalogSchema,
    headers: { "X-Merchant-ID": merchantId },
  });
}

export const operationsCatalogQueryKey = (merchantId: string) => ["operations-catalog", merchantId] as const;

/** How old the catalog may be when a page uses it: 5 s, as /v2/status's own cache. */
const OPERATIONS_FRESH_MS = 5_000;

/** The catalog's query, for the hook and for the read before the first render (app/session-before-render.ts). */
export const operationsCatalogQuery = (merchantId: string) =>
  queryOptions({
    queryKey: operationsCatalogQueryKey(merchantId),
    queryFn: () => fetchOperationsCatalog(merchantId),
    // Maintenance windows open and close during a visit: a page that mounts (any in-app
    // navigation) re-reads a catalog older than this, so an operator's pause reaches an open app
    // as fast as a new page load (issue 46 item 5; the server answers it uncached).
    staleTime: OPERATIONS_FRESH_MS,
  });

/** The merchant's operations catalog; waits for merchantData, which names the merchant id. */
export function useOperationsCatalog() {
  const merchantId = useMerchantData().data?.merchantBackendId;
  return useQuery({ ...operationsCatalogQuery(merchantId ?? ""), enabled: merchantId !== undefined });
}

export type Availability =
  | { state: "available" }
  /** `operation`: the (first) one paused, which the maintenance modal names. */
  | { state: "maintenance"; operation: string }
  | { state: "disabled"; reason: OperationReason };

const AVAILABLE: Availability = { state: "available" };

/**
 * How an entry point made of one or more operations behaves (Add funds covers card and crypto
 * pay-in). Usable if any of its operations is; otherwise maintenance wins over disabled, since it
 * is temporary and the customer is told so.
 *
 * `catalog` undefined means not loaded (or failed): the entry stays usable, because the server
 * refuses an unavailable operation anyway and an unreachable catalog must not lock the app.
 * A loaded catalog that does not list an operation means the merchant does not offer it.
 */
export function availabilityOf(
  catalog: readonly OperationStatus[] | undefined,
  types: readonly OperationType[],
): Availability {
  if (!catalog) return AVAILABLE;
  const statuses = types.map((type) => catalog.find((entry) => entry.operationType === type));
  if (statuses.some((status) => status?.constraint === "NONE")) return AVAILABLE;
  const paused = statuses.find((status) => status?.constraint === "MAINTENANCE");
  if (paused) return { state: "maintenance", operation: paused.operationType };
  const first = statuses.find((status) => status !== undefined);
  const reason = first && first.reason !== "NONE" ? first.reason : "DISABLED";
  return { state: "disabled", reason };
}
