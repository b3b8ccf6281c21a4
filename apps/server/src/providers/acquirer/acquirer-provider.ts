import type { CardPurpose } from "../../db/schema/index.ts";
import type { AcquirerEvent } from "./acquirer-callback.ts";

/** The card data sent once, to the acquirer only; never stored or logged by Kestrel. */
type CardInput = {
  number: string;
  holder: string;
  expMonth: number;
  expYear: number;
};

/** What the acquirer answers for a tokenised card: nothing from which the number can be rebuilt. */
type TokenisedCard = {
  token: string;
  brand: string;
  bin: string;
  last4: string;
  bankName: string;
  countryCode: string;
  countryName: string;
};

/** Spec §3's browser information, for the 3-D Secure risk check. */
export type BrowserInfo = {
  timezoneOffset: number;
  colorDepth: number;
  language: string;
  screenHeight: number;
  screenWidth: number;
  os: string;
  userAgent: string;
  javaEnabled: boolean;
  javascriptEnabled: boolean;
};

export type AuthoriseResult =
  /** The customer must pass the challenge at authLink; the result comes by callback. */
  | { outcome: "CHALLENGE"; paymentId: string; authLink: string }
  /** No challenge: the authorisation comes by callback. */
  | { outcome: "PROCESSING"; paymentId: string }
  | { outcome: "DECLINED"; paymentId: string; reason: string };

/**
 * A card acquirer with 3-D Secure and card payouts. Outcomes arrive as signed callbacks
 * (acquirer-callback.ts): AUTHORISED, then CAPTURED after `capture`, or DECLINED; payouts PAID or
 * REJECTED.
 */
export type AcquirerProvider = {
  /** The acquirer checks the card's billing address with every payment: a card needs one first. */
  billingAddressRequired: boolean;
  tokenise(card: CardInput, purpose: CardPurpose): Promise<TokenisedCard>;
  authorise(input: {
    token: string;
    cvv: string;
    amount: bigint;
    currency: string;
    reference: string;
    returnUrl: string;
    browser: BrowserInfo;
  }): Promise<AuthoriseResult>;
  capture(input: { paymentId: string }): Promise<void>;
  payout(input: {
    token: string;
    amount: bigint;
    currency: string;
    reference: string;
  }): Promise<{ paymentId: string }>;
  /**
   * A payment's last event, by the acquirer's id, like its GET (null: unknown, or nothing to
   * report yet). Optional: without it an operator's "ask again" says the acquirer cannot answer.
   */
  paymentStatus?(paymentId: string): Promise<AcquirerEvent | null>;
};
