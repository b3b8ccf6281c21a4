import type { CurrencyCode } from "@kestrel/money";
import type { PricedQuote } from "./quote-pricing.ts";

/** The house accounts a quote touches, by the ledger's kind names. */
type QuoteHouseKind = "liquidity" | "fee_income";

/** The customer's wallet in a currency, or one of the merchant's house accounts. */
export type QuoteLegAccount = { customerWallet: CurrencyCode } | { house: QuoteHouseKind };

/** Why a leg moves money: for the operation's metadata and reports. */
type QuoteLegPurpose = "conversion_in" | "conversion_out" | "fee" | "rounding";

/** One same-currency transfer; amount in minor units, always positive. */
export type QuoteLeg = {
  debit: QuoteLegAccount;
  credit: QuoteLegAccount;
  amount: bigint;
  currency: CurrencyCode;
  purpose: QuoteLegPurpose;
};

/**
 * The ledger legs of executing a priced quote: the conversion as two same-currency transfers
 * through the merchant's liquidity accounts, the fees to fee income, and the rounding
 * remainder to fee income (the house's, by the rounding rule). Zero legs are left out: the ledger
 * takes positive amounts only. Per currency the legs balance by construction; what leaves the
 * customer's `from` wallet is exactly fromAmount, what reaches the `to` wallet exactly toAmount.
 */
export function legsOf(priced: PricedQuote): QuoteLeg[] {
  const { from, to } = priced;
  const legs: QuoteLeg[] = [
    {
      debit: { customerWallet: from },
      credit: { house: "liquidity" },
      amount: priced.converted,
      currency: from,
      purpose: "conversion_in",
    },
    {
      debit: { house: "liquidity" },
      credit: { customerWallet: to },
      amount: priced.toAmount,
      currency: to,
      purpose: "conversion_out",
    },
    {
      debit: { customerWallet: from },
      credit: { house: "fee_income" },
      amount: priced.fees.total,
      currency: from,
      purpose: "fee",
    },
    {
      debit: { customerWallet: from },
      credit: { house: "fee_income" },
      amount: priced.houseRemainder,
      currency: from,
      purpose: "rounding",
    },
  ];
  return legs.filter((leg) => leg.amount > 0n);
}
