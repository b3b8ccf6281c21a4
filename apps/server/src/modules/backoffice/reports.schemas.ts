import { z } from "zod";
import { REPORT_KINDS } from "./reports-rules.ts";

export const reportRangeQuery = z.object({
  from: z.iso.date().describe("First day (UTC), YYYY-MM-DD"),
  to: z.iso.date().describe("Last day (UTC), YYYY-MM-DD, counted"),
});

const amount = z.string().describe("Decimal, in the row's currency");

export const dailyReportResponse = z
  .object({
    from: z.string(),
    to: z.string(),
    rows: z.array(
      z.object({
        day: z.string(),
        currency: z.string(),
        closingBalance: amount.describe("What the customers' accounts held at the end of the day"),
        activeCustomers: z.number().int().describe("Customers whose accounts moved that day"),
        moneyIn: amount,
        moneyOut: amount,
        feesEarned: amount,
        interestPaid: amount,
        flows: z.array(
          z.object({ kind: z.enum(REPORT_KINDS), in: amount, out: amount, count: z.number().int() }),
        ),
      }),
    ),
  })
  .meta({ id: "AdminDailyReport" });

export const reconciliationResponse = z
  .object({
    scope: z
      .enum(["PLATFORM", "MERCHANT"])
      .describe("PLATFORM: every merchant's house accounts beside the providers' books"),
    rows: z.array(
      z.object({
        provider: z.enum(["ACQUIRER", "BANK", "CHAIN", "ISSUER"]),
        currency: z.string(),
        houseAccounts: z.array(z.string()),
        ledgerBalance: amount.describe("What the provider should hold by the ledger (posted)"),
        ledgerPending: amount.describe("Reservations still open on those accounts"),
        providerBalance: amount.nullable().describe("What the provider reports; null: not reported"),
        difference: amount.nullable().describe("providerBalance - ledgerBalance"),
        matches: z.boolean().nullable(),
      }),
    ),
  })
  .meta({ id: "AdminReconciliation" });

export const csvBody = z.string().meta({ format: "binary" });
