import type { OperationLimits } from "./api/limits-queries.ts";

export type LimitGroup = { names: string[]; key: string; figures: OperationLimits };

/**
 * Operations whose figures are all the same (limits, used, remaining, every level's), shown
 * once under all their names: most outgoing operations share one set of limits, and eleven
 * identical cards would bury the one that differs. Order: as the server lists them.
 */
export function groupOperations(operations: readonly OperationLimits[]): LimitGroup[] {
  const groups = new Map<string, LimitGroup>();
  for (const operation of operations) {
    const { limits, used, remaining, levels } = operation;
    const figures = JSON.stringify({ limits, used, remaining, levels });
    const group = groups.get(figures);
    if (group) group.names.push(operation.name);
    else groups.set(figures, { names: [operation.name], key: operation.operationType, figures: operation });
  }
  return [...groups.values()];
}
