import { type CurrencyCode, parseAmount } from "@kestrel/money";
import type { Codes } from "../auth/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { sendErrors } from "./send.errors.ts";

const PURPOSE = "SEND_CONFIRMATION" as const;

/**
 * The SMS confirmation of large sends: above the threshold (in the merchant's fiat currency),
 * the first request answers 403 with data.sendConfirmation and texts a code; the client repeats
 * the request, same Idempotency-Key and body, with the code in X-Confirmation-Code.
 */
export function createSendConfirmation(deps: {
  codes: Codes;
  /** Decimal string in the merchant's fiat currency ("1000"). */
  threshold: string;
}) {
  return {
    required(merchant: Merchant, amountInFiat: bigint): boolean {
      const parsed = parseAmount(deps.threshold, merchant.fiatCurrency as CurrencyCode);
      if (!parsed.ok) throw new Error(`bad send confirmation threshold ${deps.threshold}`);
      return amountInFiat > parsed.minor;
    },

    /** Texts a code (once a minute at most) and refuses the request until it comes back. */
    async requestCode(p: { merchant: Merchant; phone: string; ip: string }): Promise<never> {
      await deps.codes.send({
        merchantId: p.merchant.id,
        merchantTitle: p.merchant.title,
        phone: p.phone,
        purpose: PURPOSE,
        ip: p.ip,
      });
      throw sendErrors.create("SEND_CONFIRMATION_REQUIRED", { data: { sendConfirmation: true } });
    },

    /** The code texted last; a right one is spent (400 when wrong or expired). */
    verify(p: { merchant: Merchant; phone: string; code: string }): Promise<void> {
      return deps.codes.verify(
        { merchantId: p.merchant.id, phone: p.phone, purpose: PURPOSE, code: p.code },
        {
          incorrect: "CUSTOMER_SMS_CODE_INCORRECT",
          expired: "CUSTOMER_SMS_CODE_EXPIRED",
          field: "X-Confirmation-Code",
        },
      );
    },
  };
}

export type SendConfirmation = ReturnType<typeof createSendConfirmation>;
