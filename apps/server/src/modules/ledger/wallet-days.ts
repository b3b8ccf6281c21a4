import type { CurrencyCode } from "@kestrel/money";
import type { AccountAt, WalletDayClose } from "./statement.repository.ts";

/** What a customer's wallets held, per currency, at the close of one UTC day. */
export type WalletDay = { day: string; balances: Map<CurrencyCode, bigint> };

const DAY_MS = 86_400_000;

/** The `count` UTC days ending with the day of `now`, oldest first, as YYYY-MM-DD. */
export function lastDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) =>
    new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * Each day's closing balances: an account's close of the day if it moved that day, else what it
 * held before (its opening, or its last close), summed per currency.
 */
export function carryForward(days: string[], opening: AccountAt[], closes: WalletDayClose[]): WalletDay[] {
  const held = new Map(opening.map((a) => [a.accountId, { currency: a.currency, balance: a.balance }]));
  const byDay = new Map<string, WalletDayClose[]>();
  for (const c of closes) byDay.set(c.day, [...(byDay.get(c.day) ?? []), c]);
  return days.map((day) => {
    for (const c of byDay.get(day) ?? []) held.set(c.accountId, { currency: c.currency, balance: c.balance });
    const balances = new Map<CurrencyCode, bigint>();
    for (const { currency, balance } of held.values()) {
      balances.set(currency, (balances.get(currency) ?? 0n) + balance);
    }
    return { day, balances };
  });
}
