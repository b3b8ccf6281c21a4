import { and, asc, eq } from "drizzle-orm";
import type { DbTx } from "../../db/database.ts";
import { type OfferKind, quotePairs } from "../../db/schema/index.ts";
import type { FeeSettings } from "./fees.ts";

/** One pair's fees as the back-office edits them (merchant-config's "fees" section). */
export type PairFees = { kind: OfferKind; currencyFrom: string; currencyTo: string; fees: FeeSettings };

/** Every pair's fees of the merchant, read in `tx` (under merchant-config's lock). */
export async function pairFeesIn(tx: DbTx, merchantId: string): Promise<PairFees[]> {
  const rows = await tx
    .select({
      kind: quotePairs.kind,
      currencyFrom: quotePairs.currencyFrom,
      currencyTo: quotePairs.currencyTo,
      fees: quotePairs.fees,
    })
    .from(quotePairs)
    .where(eq(quotePairs.merchantId, merchantId))
    .orderBy(asc(quotePairs.kind), asc(quotePairs.currencyFrom), asc(quotePairs.currencyTo));
  return rows.map((r) => ({ ...r, fees: r.fees as FeeSettings }));
}

/**
 * Sets the fees of the listed pairs in `tx`. Answers the index of the first pair the merchant
 * does not have (nothing to set: pairs are not created here), or undefined when all were set.
 * Quotes read their pair on every pricing, so the next quote on any instance has the new fees.
 */
export async function setPairFees(
  tx: DbTx,
  merchantId: string,
  pairs: PairFees[],
): Promise<number | undefined> {
  for (const [i, p] of pairs.entries()) {
    const updated = await tx
      .update(quotePairs)
      .set({ fees: p.fees, updatedAt: new Date() })
      .where(
        and(
          eq(quotePairs.merchantId, merchantId),
          eq(quotePairs.kind, p.kind),
          eq(quotePairs.currencyFrom, p.currencyFrom),
          eq(quotePairs.currencyTo, p.currencyTo),
        ),
      )
      .returning({ kind: quotePairs.kind });
    if (updated.length === 0) return i;
  }
  return undefined;
}
