import type { CardDeliveryState, CardForm, CardStatus } from "../../db/schema/index.ts";

/** An issued card (table cards): the number and CVV stay with the issuer, this keeps the last four. */
export type CardRow = {
  merchantId: string;
  id: string;
  customerId: string;
  requestId: string;
  program: string;
  cardType: CardForm;
  colour: string;
  issuerCardId: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  cardholderName: string;
  status: CardStatus;
  deliveryState: CardDeliveryState | null;
  activatedAt: Date | null;
  label: string | null;
  pinSetAt: Date | null;
  createdAt: Date;
};
