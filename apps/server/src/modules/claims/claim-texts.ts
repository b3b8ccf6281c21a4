import { type CurrencyCode, formatAmount } from "@kestrel/money";
import type { ClaimRow } from "./claims.repository.ts";

const day = (d: Date) => d.toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });
// As the app shows amounts (spec §5: the currency's display decimals, its code).
const sum = (row: ClaimRow) => formatAmount(row.amount, row.currency as CurrencyCode, { unit: "code" });

/** The texts of a claimable transfer: the invite to the phone, then what the sender is told. */
export const claimTexts = {
  invite: (row: ClaimRow, p: { merchantTitle: string; from: string; link: string }) =>
    `${p.from} sent you ${sum(row)} with ${p.merchantTitle}. Sign up with this phone number by ${day(row.expiresAt)} to receive it: ${p.link}`,
  RECEIVED: (row: ClaimRow, p: { merchantTitle: string; from: string }) =>
    `You received ${sum(row)} from ${p.from} with ${p.merchantTitle}. It is in your wallet.`,
  CLAIMED: (row: ClaimRow, p: { to: string }) => `${p.to} joined and received the ${sum(row)} you sent.`,
  RETURNED: (row: ClaimRow, p: { to: string }) =>
    `${p.to} did not join within 7 days: the ${sum(row)} you sent is back in your wallet.`,
};
