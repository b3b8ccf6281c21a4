import { v7 as uuidv7 } from "uuid";
import type { z } from "zod";
import type { CardForm } from "../../db/schema/index.ts";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import { ACCOUNT_PURPOSES, INCOME_SOURCES, TURNOVER_RANGES } from "../../personal-info-choices.ts";
import type { CustomersService } from "../customers/index.ts";
import { money } from "../history/index.ts";
import type { CardProgram, Merchant } from "../merchants/index.ts";
import {
  type CustomerKyc,
  isVerified,
  openSteps,
  programText,
  requestView,
  resumeStep,
  termsOf,
} from "./card-order-views.ts";
import { cardOrderErrors } from "./card-orders.errors.ts";
import {
  type CardOrdersRepository,
  type RequestPatch,
  savePersonalInfoSql,
  updateOpenRequestSql,
} from "./card-orders.repository.ts";
import type {
  addressV2Body,
  addressV3Body,
  cardholderBody,
  createRequestBody,
  personalInfoBody,
} from "./card-orders.schemas.ts";
import {
  type CardTerms,
  DEPRECATED_INCOME_SOURCES,
  DOCUMENT_TYPES,
  type Owner,
  offeredDesigns,
  PLASTIC_DELIVERY_COUNTRIES,
  type RequestRow,
} from "./card-orders.types.ts";
import type { CardPrograms } from "./card-program-guard.ts";

/**
 * The card order's collecting steps (spec §2, reference §5.9): open a request, then address,
 * cardholder name and additional info, each checked against the program's permissions. Paying
 * is card-order-payment.service.ts. Only an OPEN request changes; another customer's is 404.
 */
export function createCardOrders(deps: {
  db: ClientSource;
  repository: CardOrdersRepository;
  programs: CardPrograms;
  customers: Pick<CustomersService, "getCustomer" | "saveAnswers">;
  now: () => Date;
}) {
  const { repository, programs } = deps;

  async function customerKyc(owner: Owner): Promise<CustomerKyc & { phone: string }> {
    const c = await deps.customers.getCustomer(owner.merchant.id, owner.customerId);
    return { kycLevel: c.kycLevel, kycStatus: c.kycStatus, taxCountry: c.taxCountry, phone: c.phone };
  }

  /** The customer's request of this program (404 when not theirs or of another program). */
  async function ownRequest(owner: Owner, program: CardProgram, id: string): Promise<RequestRow> {
    const r = await repository.findRequest(owner.merchant.id, owner.customerId, id);
    if (!r || r.program !== program) throw cardOrderErrors.create("CARD_REQUEST_NOT_FOUND", { field: "id" });
    return r;
  }

  /**
   * Writes a step's fields to an OPEN request, and where it now resumes; `alsoIn` writes what
   * the step also answers (the customer's stored billing address) in the same transaction.
   */
  async function patchOpen(
    owner: Owner,
    r: RequestRow,
    patch: RequestPatch,
    alsoIn?: (tx: Tx) => Promise<void>,
  ): Promise<void> {
    if (r.status !== "OPEN") throw cardOrderErrors.create("CARD_REQUEST_NOT_OPEN", { field: "id" });
    const [kyc, info] = await Promise.all([
      customerKyc(owner),
      repository.customerInfo(owner.merchant.id, owner.customerId),
    ]);
    const step = resumeStep(openSteps({ ...r, ...patch }, info, kyc), kyc);
    const at = deps.now();
    await inTransaction(deps.db, async (tx) => {
      const updated = await updateOpenRequestSql(
        tx,
        owner.merchant.id,
        owner.customerId,
        r.id,
        { ...patch, step },
        at,
      );
      if (!updated) throw cardOrderErrors.create("CARD_REQUEST_NOT_OPEN", { field: "id" });
      await alsoIn?.(tx);
    });
  }

  /** The billing address as the customer's stored answer (customers.types.ts). */
  const saveBilling = (owner: Owner, b: Record<string, string | undefined>) => (tx: Tx) =>
    deps.customers.saveAnswers(tx, owner.merchant.id, owner.customerId, {
      billingAddress: {
        country: b.country ?? "",
        city: b.city ?? "",
        address: b.address ?? "",
        address2: b.address2 || null,
        postalCode: b.postalCode ?? "",
        state: b.state || null,
      },
    });

  async function guard(owner: Owner, cp: CardProgram | undefined) {
    const program = await programs.requireProgram(owner.merchant.id, cp);
    await programs.requireOperation(owner.merchant.id, owner.customerId, "CARD_ORDER");
    return program;
  }

  return {
    customerKyc,
    ownRequest,

    /** GET /v2/card/prices: the program's name, forms, price, delivery, designs, plan and fees. */
    async prices(merchant: Merchant, cp: CardProgram | undefined) {
      const program = await programs.requireProgram(merchant.id, cp);
      const flags = (await programs.flags(merchant.id))[program];
      const rows = await repository.listPrices(merchant.id, program);
      const designs = offeredDesigns(merchant, program);
      const offered = (t: CardForm) =>
        t === "VIRTUAL" ? flags.virtual : flags.plastic && flags.plasticDelivery;
      return {
        cardProgram: program,
        ...programText(merchant, program),
        prices: rows
          .filter((r) => offered(r.cardType))
          .map((r) => ({
            cardType: r.cardType,
            currency: r.currency,
            price: money(r.price, r.currency).value,
            delivery: money(r.cardType === "PLASTIC" ? r.delivery : 0n, r.currency).value,
            cardDesignIds: designs.map((d) => d.id),
            plan: r.plan,
            fees: r.fees as { clientMarkUpFee: string; supplierFee: string; vaultFee: string },
          })),
        designs: designs.map((d) => ({ ...d })),
      };
    },

    /**
     * The customer's orders of the program without a card yet, as entries of the card list
     * (GET /v2/card/list, the cards module's), with the customer's verification status.
     */
    async openOrders(owner: Owner, program: CardProgram) {
      const { merchant, customerId } = owner;
      const [kyc, info, requests, prices] = await Promise.all([
        customerKyc(owner),
        repository.customerInfo(merchant.id, customerId),
        repository.listPendingRequests(merchant.id, customerId, program),
        repository.listPrices(merchant.id, program),
      ]);
      return {
        kycStatus: { status: kyc.kycStatus ?? "NONE", reason: null },
        entries: requests.map((r) =>
          requestView(
            r,
            info,
            kyc,
            prices.find((p) => p.cardType === r.cardType),
          ),
        ),
      };
    },

    /** What each issued card keeps of its order: the plan and fees of its form, and what was paid. */
    async cardTerms(
      merchantId: string,
      customerId: string,
      program: CardProgram,
      cards: { requestId: string; cardType: CardForm }[],
    ): Promise<CardTerms[]> {
      const [prices, requests] = await Promise.all([
        repository.listPrices(merchantId, program),
        repository.findRequests(
          merchantId,
          customerId,
          cards.map((c) => c.requestId),
        ),
      ]);
      return cards.map((c) =>
        termsOf(
          prices.find((p) => p.cardType === c.cardType),
          requests.find((r) => r.id === c.requestId),
        ),
      );
    },

    /** POST /v2/card/card-requests: a new order of an allowed program and form. */
    async createRequest(owner: Owner, cp: CardProgram | undefined, body: z.infer<typeof createRequestBody>) {
      const program = await guard(owner, cp);
      await programs.requireForm(owner.merchant.id, program, body.cardType);
      await programs.requireOperation(owner.merchant.id, owner.customerId, `CARD_ISSUE_${program}`);
      // Only a design the merchant offers for the program (the back-office's card programs).
      const design = offeredDesigns(owner.merchant, program).find((d) => d.id === body.cardDesignId);
      if (!design) throw cardOrderErrors.create("CARD_TYPE_NOT_ALLOWED", { field: "cardDesignId" });
      const pending = await repository.listPendingRequests(owner.merchant.id, owner.customerId, program);
      if (pending.some((r) => r.status === "OPEN")) {
        throw cardOrderErrors.create("CARD_ORDER_EXISTS", {
          field: "cp",
          data: { cardRequestId: pending[0]?.id ?? null },
        });
      }
      const kyc = await customerKyc(owner);
      const row = await repository.insertRequest({
        merchantId: owner.merchant.id,
        id: uuidv7(),
        customerId: owner.customerId,
        program,
        cardType: body.cardType,
        colour: design.colour,
        status: "OPEN",
        step: isVerified(kyc) ? "INFORMATION" : "VERIFICATION",
        createdAt: deps.now(),
      });
      return { id: row.id };
    },

    /** PUT /v2/card/card-requests/{id}/address: the reference's residence address (billing). */
    async putAddressV2(
      owner: Owner,
      cp: CardProgram | undefined,
      id: string,
      body: z.infer<typeof addressV2Body>,
    ) {
      const program = await guard(owner, cp);
      const r = await ownRequest(owner, program, id);
      const billing = {
        country: body.country,
        city: body.city,
        state: body.state,
        address: body.address,
        postalCode: body.postalCode,
      };
      const shipping =
        r.cardType === "PLASTIC" ? await shippingFrom(owner, billing, undefined, true) : undefined;
      await patchOpen(
        owner,
        r,
        { billingAddress: billing, shippingAddress: shipping ?? null, shippingMatchBilling: true },
        saveBilling(owner, billing),
      );
      return { result: "ok" as const };
    },

    /** PUT /v3/card/card-requests/{id}/address: billing and shipping (shippingMatchBilling). */
    async putAddressV3(
      owner: Owner,
      cp: CardProgram | undefined,
      id: string,
      body: z.infer<typeof addressV3Body>,
    ) {
      const program = await guard(owner, cp);
      const r = await ownRequest(owner, program, id);
      const billing = Object.fromEntries(
        Object.entries(body.billingAddress).filter(([, v]) => v !== undefined),
      ) as Record<string, string>;
      const shipping =
        r.cardType === "PLASTIC"
          ? await shippingFrom(owner, billing, body.shippingAddress, body.shippingMatchBilling)
          : undefined;
      await patchOpen(
        owner,
        r,
        {
          billingAddress: billing,
          shippingAddress: shipping ?? null,
          shippingMatchBilling: body.shippingMatchBilling,
        },
        saveBilling(owner, billing),
      );
      return { result: "ok" as const };
    },

    /** PUT /v2/card/card-requests/{id}/cardholder-name: the name embossed on the card. */
    async putCardholderName(
      owner: Owner,
      cp: CardProgram | undefined,
      id: string,
      body: z.infer<typeof cardholderBody>,
    ) {
      const program = await guard(owner, cp);
      const r = await ownRequest(owner, program, id);
      await patchOpen(owner, r, {
        cardholderFirstName: body.firstName.toUpperCase(),
        cardholderLastName: body.lastName.toUpperCase(),
      });
      return { result: "ok" as const };
    },

    /** POST /v3/card/additional-personal-info: once per customer, for every card. */
    async savePersonalInfo(
      owner: Owner,
      cp: CardProgram | undefined,
      body: z.infer<typeof personalInfoBody>,
    ) {
      await guard(owner, cp);
      const { merchant, customerId } = owner;
      await inTransaction(deps.db, async (tx) => {
        await savePersonalInfoSql(tx, merchant.id, customerId, body, deps.now());
        await deps.customers.saveAnswers(tx, merchant.id, customerId, {
          questionnaire: {
            isUsRelated: body.isUsRelated,
            usRelatedPerson: body.usRelatedPerson ?? null,
            incomeSources: body.incomeSources,
            additionalSources: body.additionalSources ?? null,
            estimatedMonthlyTurnoverRange: body.estimatedMonthlyTurnoverRange,
            taxCountry: body.taxCountry,
            taxId: body.taxId,
          },
        });
      });
      return { result: "ok" as const };
    },

    async personalInfo(owner: Owner, cp: CardProgram | undefined) {
      await programs.requireProgram(owner.merchant.id, cp);
      const info = await repository.customerInfo(owner.merchant.id, owner.customerId);
      return info ? { ...info.personalInfo, filled: true } : { filled: false };
    },

    /** GET /v3/card/additional-personal-info/constants (the program checked like every card call). */
    async constants(merchant: Merchant, cp: CardProgram | undefined) {
      await programs.requireProgram(merchant.id, cp);
      return {
        additionalDocumentType: [...DOCUMENT_TYPES],
        incomeSource: [...INCOME_SOURCES],
        deprecatedIncomeSource: [...DEPRECATED_INCOME_SOURCES],
        purposesOfAccountOpening: [...ACCOUNT_PURPOSES],
        estimatedMonthlyTurnoverRange: [...TURNOVER_RANGES],
      };
    },

    /** GET /v2/card/card-requests/country/plastic-delivery. */
    async deliveryCountries(merchant: Merchant, cp: CardProgram | undefined) {
      await programs.requireProgram(merchant.id, cp);
      const names = new Intl.DisplayNames(["en"], { type: "region" });
      return {
        countries: PLASTIC_DELIVERY_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort(
          (a, b) => a.name.localeCompare(b.name, "en"),
        ),
      };
    },
  };

  /** A plastic card's shipping address: the billing one (with the holder) or its own; EU only. */
  async function shippingFrom(
    owner: Owner,
    billing: Record<string, string>,
    given: Record<string, string | undefined> | undefined,
    matchBilling: boolean,
  ): Promise<Record<string, string>> {
    let shipping: Record<string, string>;
    if (matchBilling || !given) {
      const c = await deps.customers.getCustomer(owner.merchant.id, owner.customerId);
      // The parcel is addressed to the customer; the billing cardholder is not part of it.
      const { cardholder: _, ...place } = billing;
      shipping = {
        ...place,
        firstName: c.firstName ?? "",
        lastName: c.lastName ?? "",
        phone: `+${c.phone}`,
      };
    } else {
      shipping = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >;
    }
    const field = matchBilling || !given ? "billingAddress.country" : "shippingAddress.country";
    if (!(PLASTIC_DELIVERY_COUNTRIES as readonly string[]).includes(shipping.country ?? "")) {
      throw cardOrderErrors.create("DELIVERY_COUNTRY_NOT_SUPPORTED", { field });
    }
    return shipping;
  }
}

export type CardOrders = ReturnType<typeof createCardOrders>;
