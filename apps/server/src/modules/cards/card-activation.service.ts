import { v7 as uuidv7 } from "uuid";
import type { CardForm } from "../../db/schema/index.ts";
import { type ClientSource, inTransaction } from "../../db/transaction.ts";
import { commonErrors } from "../../http/app-error.ts";
import {
  type IssuerEvent,
  type IssuerProvider,
  isIssuerCallbackSigned,
  issuerEventSchema,
} from "../../providers/issuer/issuer-provider.ts";
import { type CardOrdersService, cardOrderErrors, type Owner } from "../card-orders/index.ts";
import type { CardProgram } from "../merchants/index.ts";
import type { CardRsa } from "./card-rsa.service.ts";
import { cardRowView } from "./card-views.ts";
import { cardErrors } from "./cards.errors.ts";
import { advanceDeliverySql, type CardsRepository, insertCardSql } from "./cards.repository.ts";
import type { CardRow } from "./cards.types.ts";

/** Which card an activation names: the virtual one, a plastic one by id, or the plastic one on its way. */
export type ActivationTarget = { cardType: "VIRTUAL" } | { cardType: "PLASTIC"; cardId?: string };

/**
 * The issuer's side of a card's life: its signed callbacks (issued, where the parcel is) and
 * activation with the code the customer got, sent encrypted to the server's RSA key.
 */
export function createCardActivation(deps: {
  db: ClientSource;
  repository: CardsRepository;
  orders: Pick<CardOrdersService, "requireProgram" | "cardTerms" | "orderById" | "lockOrder" | "markIssued">;
  rsa: CardRsa;
  issuer: IssuerProvider;
  callbackSecret: string;
  now: () => Date;
}) {
  const { repository, orders } = deps;

  async function targetCard(owner: Owner, program: CardProgram, target: ActivationTarget): Promise<CardRow> {
    const { merchant, customerId } = owner;
    if (target.cardType === "PLASTIC" && target.cardId) {
      const card = await repository.findCard(merchant.id, customerId, target.cardId);
      if (!card || card.program !== program || card.cardType !== "PLASTIC") {
        throw cardErrors.create("CARD_NOT_FOUND", { field: "id" });
      }
      return card;
    }
    const waiting = await repository.awaitingActivation(
      merchant.id,
      customerId,
      program,
      target.cardType as CardForm,
    );
    // A plastic card can be activated once it is on its way (its code travels with it).
    const ready = waiting.find((c) => c.cardType === "VIRTUAL" || c.deliveryState === "IN_DELIVERY");
    if (!ready) throw cardErrors.create("CARD_NOT_READY", { field: "cardType" });
    return ready;
  }

  return {
    /** GET /v2/card/rsa-public-key: one key for every program, but only to a program the merchant offers. */
    async rsaPublicKey(merchant: Owner["merchant"], cp: CardProgram | undefined) {
      await orders.requireProgram(merchant.id, cp);
      return deps.rsa.publicKey();
    },

    /** POST /v2/card/virtual/activate, /v2/card/plastic/{id}/activate, /v2/card/plastic/activate. */
    async activate(
      owner: Owner,
      cp: CardProgram | undefined,
      body: { keyId: string; passCode: string },
      target: ActivationTarget,
    ) {
      const program = await orders.requireProgram(owner.merchant.id, cp);
      const code = (await deps.rsa.decrypt(body.keyId, body.passCode)).trim();
      if (!/^\d{4,8}$/.test(code))
        throw cardErrors.create("ACTIVATION_CODE_NOT_VALID", { field: "passCode" });
      const card = await targetCard(owner, program, target);
      const [terms] = await orders.cardTerms(owner.merchant.id, owner.customerId, program, [card]);
      if (!terms) throw new Error(`no terms for card ${card.id}`);
      if (card.status === "ACTIVE") return cardRowView(card, terms);
      if (card.status !== "ACTIVATION") throw cardErrors.create("CARD_NOT_READY", { field: "id" });
      const result = await deps.issuer.activate(card.issuerCardId, code);
      if (result === "BAD_CODE") throw cardErrors.create("ACTIVATION_CODE_NOT_VALID", { field: "passCode" });
      if (result === "LOCKED") throw cardErrors.create("ACTIVATION_LOCKED", { field: "passCode" });
      if (result === "NOT_READY") throw cardErrors.create("CARD_NOT_READY", { field: "id" });
      const active = await repository.markActive(owner.merchant.id, card.id, deps.now());
      return cardRowView(active ?? card, terms);
    },

    /**
     * The issuer's signed callback: the card once issued (recorded once), then its delivery
     * state, forward only. A callback for an order cancelled meanwhile is acknowledged and
     * ignored (the issuer refused that cancel, so this does not happen in order).
     */
    async receiveIssuerEvent(rawBody: string, signature: string | undefined): Promise<string> {
      if (!isIssuerCallbackSigned(deps.callbackSecret, rawBody, signature)) {
        throw commonErrors.create("UNAUTHORIZED", { message: "The callback signature is not valid." });
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", { field: "body" });
      }
      const parsed = issuerEventSchema.safeParse(json);
      if (!parsed.success) {
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field: parsed.error.issues[0]?.path.join(".") || "body",
        });
      }
      return applyIssuerEvent(parsed.data);
    },

    /**
     * An operator asks the issuer again about a paid order: its answer is applied as its
     * callback would be (an issued card is recorded). UNANSWERED: no lookup, or not issued yet.
     */
    async askIssuerAgain(merchantId: string, id: string): Promise<string> {
      const r = await orders.orderById(merchantId, id);
      if (!r) return "NOT_FOUND";
      if (r.status !== "PAID") return "ALREADY_FINAL";
      const event = await deps.issuer.orderStatus?.(r.id);
      return event ? applyIssuerEvent(event) : "UNANSWERED";
    },
  };

  /** The issuer's report on an order (signed callback or its answer when asked), under the order's lock. */
  async function applyIssuerEvent(event: IssuerEvent): Promise<string> {
    const at = deps.now();
    return inTransaction(deps.db, async (tx) => {
      const r = await orders.lockOrder(tx, event.merchantId, event.orderRef);
      if (!r) throw cardOrderErrors.create("CARD_REQUEST_NOT_FOUND", { field: "orderRef" });
      if (r.status === "CANCELLED" || r.status === "OPEN") return "IGNORED";
      if (r.status === "PAID") {
        await insertCardSql(tx, {
          merchantId: r.merchantId,
          id: uuidv7(),
          customerId: r.customerId,
          requestId: r.id,
          program: r.program,
          cardType: r.cardType,
          colour: r.colour,
          issuerCardId: event.issuerCardId,
          last4: event.last4,
          expiryMonth: event.expiryMonth,
          expiryYear: event.expiryYear,
          cardholderName: `${r.cardholderFirstName ?? ""} ${r.cardholderLastName ?? ""}`.trim(),
          status: "ACTIVATION",
          deliveryState: r.cardType === "PLASTIC" ? "ORDER_PENDING" : null,
          createdAt: at,
        });
        await orders.markIssued(tx, r.merchantId, r.id, at);
      }
      if (
        event.deliveryState &&
        event.deliveryState !== "ORDER_PENDING" &&
        event.deliveryState !== "ACTIVATED"
      ) {
        await advanceDeliverySql(tx, r.merchantId, event.issuerCardId, event.deliveryState, at);
      }
      return r.status === "PAID" ? "ISSUED" : (event.deliveryState ?? "UNCHANGED");
    });
  }
}
