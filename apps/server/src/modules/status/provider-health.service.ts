import type { ClientSource } from "../../db/transaction.ts";
import { AppError } from "../../http/app-error.ts";
import { statusSql } from "./status.repository.ts";

/** A refusal of the caller's own input (4xx) says nothing about the party's health. */
const countsAsFailure = (err: unknown) => !(err instanceof AppError && err.status < 500);

/**
 * Records how an outside party answers (docs/status.md): every call of a watched party ends a run
 * of failures or adds to it, in provider_health, so every instance's calls count and /v2/status
 * tells the same on each. A write that fails is dropped: the status never breaks the call.
 */
export function createProviderHealth(deps: { db: ClientSource }) {
  const write = (fn: Parameters<ClientSource["withClient"]>[0]) =>
    deps.db.withClient(fn).then(
      () => undefined,
      () => undefined,
    );
  const succeeded = (provider: string) => write((c) => statusSql.recordSuccess(c, provider));
  const failed = (provider: string, err: unknown) =>
    write((c) => statusSql.recordFailure(c, provider, err instanceof Error ? err.message : String(err)));

  return {
    succeeded,
    failed,
    list: () => deps.db.withClient((c) => statusSql.list(c)),

    /** The party with each of its calls recorded; its other properties as they are. */
    watch<T extends object>(provider: string, party: T): T {
      const watched: Record<string, unknown> = { ...(party as Record<string, unknown>) };
      for (const [key, value] of Object.entries(party)) {
        if (typeof value !== "function") continue;
        watched[key] = async (...args: unknown[]) => {
          try {
            const result = await value.apply(party, args);
            await succeeded(provider);
            return result;
          } catch (err) {
            if (countsAsFailure(err)) await failed(provider, err);
            throw err;
          }
        };
      }
      return watched as T;
    },
  };
}

export type ProviderHealthService = ReturnType<typeof createProviderHealth>;
