import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import type { ProgramRow } from "./iban.repository.ts";

/**
 * The demo merchant's bank program: IBANs of Lithuania (an EU e-money licence's usual home),
 * bank code 32500, BIC KSTLLT22XXX; 1.00 EUR per SEPA withdrawal, from 1 to 10,000 EUR. Nimbus
 * has no IBAN (its feature flags leave it off, and it has no program).
 */
export function seedIbanPrograms(): ProgramRow[] {
  return [
    {
      merchantId: DEMO_MERCHANT_ID,
      country: "LT",
      bankCode: "32500",
      bic: "KSTLLT22XXX",
      withdrawFixFee: 100n,
      withdrawMin: 100n,
      withdrawMax: 1_000_000n,
    },
  ];
}
