import type { CardForm, OperationType } from "../../db/schema/index.ts";
import type { CatalogService } from "../catalog/index.ts";
import type { CustomersService } from "../customers/index.ts";
import type { CardProgram, MerchantsService } from "../merchants/index.ts";
import { cardOrderErrors } from "./card-orders.errors.ts";

/**
 * Per-merchant card permissions (spec §6): the `cp` query names the program (CP_1 when absent),
 * the merchant's allowed flags say whether it and the card form are offered, and the operations
 * catalog whether the operation may run now for this customer's KYC state.
 */
export function createCardPrograms(deps: {
  merchants: Pick<MerchantsService, "features">;
  catalog: Pick<CatalogService, "assertOperationAllowed">;
  customers: Pick<CustomersService, "getCustomer">;
}) {
  async function requireProgram(merchantId: string, cp: CardProgram | undefined): Promise<CardProgram> {
    const program = cp ?? "CP_1";
    const features = await deps.merchants.features(merchantId);
    if (!features.enabledCardPrograms.includes(program)) {
      throw cardOrderErrors.create("CARD_PROGRAM_NOT_ALLOWED", {
        field: "cp",
        message: `The card program ${program} is not available for your account.`,
      });
    }
    return program;
  }

  return {
    requireProgram,

    /** Each program's allowed flags for the merchant. */
    flags: async (merchantId: string) => (await deps.merchants.features(merchantId)).cardPrograms,

    /** The program and the form (plastic needs both the plastic and the delivery flag). */
    async requireForm(merchantId: string, program: CardProgram, cardType: CardForm): Promise<void> {
      const flags = (await deps.merchants.features(merchantId)).cardPrograms[program];
      const allowed = cardType === "VIRTUAL" ? flags.virtual : flags.plastic && flags.plasticDelivery;
      if (!allowed) {
        throw cardOrderErrors.create("CARD_TYPE_NOT_ALLOWED", {
          field: "cardType",
          message: `${cardType === "VIRTUAL" ? "Virtual" : "Plastic"} cards of ${program} are not available for your account.`,
        });
      }
    },

    /** The catalog's word on an operation, judged on the customer's stored KYC state. */
    async requireOperation(
      merchantId: string,
      customerId: string,
      operationType: OperationType,
    ): Promise<void> {
      const { kycLevel, kycStatus } = await deps.customers.getCustomer(merchantId, customerId);
      await deps.catalog.assertOperationAllowed({ merchantId, operationType, kycLevel, kycStatus });
    },
  };
}

export type CardPrograms = ReturnType<typeof createCardPrograms>;
