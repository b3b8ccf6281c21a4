import { v7 as uuidv7 } from "uuid";
import type { CardPurpose } from "../../db/schema/index.ts";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import type { AcquirerProvider } from "../../providers/acquirer/acquirer-provider.ts";
import type { CustomersService } from "../customers/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { acquiringErrors } from "./acquiring.errors.ts";
import {
  type AcquiringRepository,
  type CardRow,
  saveCardSql,
  setBillingAddressSql,
} from "./acquiring.repository.ts";
import type { BillingAddress } from "./acquiring.schemas.ts";
import { checkCard, maskPan } from "./card-input.ts";
import { cardView } from "./saved-card-views.ts";

export type AddCardBody = {
  cardNumber: string;
  cardHolder: string;
  cardExpirationYear: number;
  cardExpirationMonth: number;
  billingAddress?: BillingAddress | undefined;
};

/**
 * Saved cards. The number goes to the acquirer once (tokenise) and nowhere else: the row keeps
 * the token, the masked number and the BIN data.
 */
export function createCardsService(deps: {
  db: ClientSource;
  customers: Pick<CustomersService, "saveAnswers">;
  repository: AcquiringRepository;
  acquirer: AcquirerProvider;
  now: () => Date;
}) {
  const { repository } = deps;
  // The acquirer checks the billing address of a card it charges (or not): its rule, not ours. A
  // payout only sends money to the card, and the spec's payout flow (§2) never asks for one.
  const addressRequired = (purpose: CardPurpose) =>
    purpose === "PAYIN" && deps.acquirer.billingAddressRequired;
  const view = (card: CardRow) => cardView(card, addressRequired(card.purpose));
  /** A card's billing address is also the customer's stored one, prefilled where asked again. */
  const answer = (tx: Tx, merchantId: string, customerId: string, a: BillingAddress) =>
    deps.customers.saveAnswers(tx, merchantId, customerId, {
      billingAddress: {
        country: a.countryCode,
        city: a.city,
        address: a.address,
        address2: a.address2 || null,
        postalCode: a.zip,
        state: a.state ?? null,
      },
    });
  return {
    /** Whether cards of the purpose need a billing address (GET .../data: billingAddressRequired). */
    billingAddressRequired: addressRequired,

    /** Pay refuses a card the acquirer would refuse for want of a billing address (422 naming it). */
    assertBillingAddress(card: CardRow) {
      if (addressRequired(card.purpose) && !card.billingAddress)
        throw acquiringErrors.create("BILLING_ADDRESS_REQUIRED", { field: "billingAddress" });
    },

    async addCard(merchant: Merchant, customerId: string, purpose: CardPurpose, body: AddCardBody) {
      checkCard(body, deps.now());
      const card = await deps.acquirer.tokenise(
        {
          number: body.cardNumber,
          holder: body.cardHolder,
          expMonth: body.cardExpirationMonth,
          expYear: body.cardExpirationYear,
        },
        purpose,
      );
      const row = {
        merchantId: merchant.id,
        id: uuidv7(),
        customerId,
        purpose,
        acquirerToken: card.token,
        brand: card.brand,
        maskedPan: maskPan(card.bin, card.last4, body.cardNumber.length),
        bin: card.bin,
        bankName: card.bankName,
        countryCode: card.countryCode,
        countryName: card.countryName,
        holder: body.cardHolder,
        expMonth: body.cardExpirationMonth,
        expYear: body.cardExpirationYear,
        billingAddress: body.billingAddress ?? null,
      };
      const saved = await inTransaction(deps.db, async (tx) => {
        const card = await saveCardSql(tx, row);
        if (body.billingAddress) await answer(tx, merchant.id, customerId, body.billingAddress);
        return card;
      });
      return view(saved);
    },

    async setBillingAddress(merchant: Merchant, customerId: string, cardId: string, address: BillingAddress) {
      await inTransaction(deps.db, async (tx) => {
        if (!(await setBillingAddressSql(tx, merchant.id, customerId, cardId, address))) {
          throw acquiringErrors.create("CARD_NOT_FOUND", { field: "cardId" });
        }
        await answer(tx, merchant.id, customerId, address);
      });
    },

    async listCards(merchant: Merchant, customerId: string, purpose: CardPurpose) {
      return (await repository.listCards(merchant.id, customerId, purpose)).map(view);
    },

    /** The customer's card of this purpose, or 404 naming cardId. */
    async requireCard(merchant: Merchant, customerId: string, purpose: CardPurpose, cardId: string) {
      const card = await repository.findCard(merchant.id, customerId, cardId);
      if (!card || card.purpose !== purpose)
        throw acquiringErrors.create("CARD_NOT_FOUND", { field: "cardId" });
      return card;
    },
  };
}

export type CardsService = ReturnType<typeof createCardsService>;
