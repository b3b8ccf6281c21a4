import { randomBytes } from "node:crypto";
import { createBoundedCache } from "../../bounded-cache.ts";
import type { Tx } from "../../db/transaction.ts";
import type { Merchant } from "../merchants/index.ts";
import { customerErrors } from "./customers.errors.ts";
import type {
  AnswerRow,
  CustomerPatch,
  CustomerRow,
  CustomersRepository,
  NewCustomerRow,
} from "./customers.repository.ts";
import {
  findCustomerSql,
  lockBlockedSql,
  saveAnswersSql,
  setBlockedSql,
  setEmailSql,
  setPasswordHashSql,
  updateCustomerSql,
} from "./customers.repository.ts";

import type { AnsweredAddress, AnswersPatch, CustomerAnswers, Questionnaire } from "./customers.types.ts";

export type Customer = CustomerRow;

/** The fields of spec §2's redirect rule: without any of them the profile is incomplete. */
const PROFILE_FIELDS = [
  "firstName",
  "lastName",
  "residenceCountry",
  "residenceStreet",
  "residenceCity",
  "dateOfBirth",
] as const;

export function isProfileComplete(c: Pick<Customer, (typeof PROFILE_FIELDS)[number]>): boolean {
  return PROFILE_FIELDS.every((f) => Boolean(c[f]));
}

export function createCustomersService(deps: { repository: CustomersRepository; now?: () => Date }) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());
  const confirmedIds = createBoundedCache<string, string>({ max: 100_000 });
  // `tx`: the caller's transaction (a KYC state change mirrors the level in its own).
  const get = async (merchantId: string, id: string, tx?: Tx): Promise<Customer> => {
    const c = tx ? await findCustomerSql(tx, merchantId, id) : await repository.findById(merchantId, id);
    if (!c) throw customerErrors.create("CUSTOMER_NOT_FOUND");
    return c;
  };
  const update = async (merchantId: string, id: string, patch: CustomerPatch, tx?: Tx): Promise<Customer> => {
    const c = tx
      ? await updateCustomerSql(tx, merchantId, id, patch)
      : await repository.update(merchantId, id, patch);
    if (!c) throw customerErrors.create("CUSTOMER_NOT_FOUND");
    return c;
  };
  return {
    getCustomer: get,
    updateCustomer: update,
    findByPhone: (merchantId: string, phone: string) => repository.findByPhone(merchantId, phone),

    /**
     * The id of the confirmed customer with this phone, for sending money to it. Phones do not
     * change and confirmation is never undone, so a found id is cached; a miss is not.
     */
    async findConfirmedIdByPhone(merchantId: string, phone: string): Promise<string | undefined> {
      const key = `${merchantId}:${phone}`;
      const cached = confirmedIds.get(key);
      if (cached) return cached;
      const c = await repository.findByPhone(merchantId, phone);
      if (c?.phoneConfirmed) confirmedIds.set(key, c.id);
      return c?.phoneConfirmed ? c.id : undefined;
    },
    findByReferralCode: (merchantId: string, code: string) =>
      repository.findByReferralCode(merchantId, code.toUpperCase()),
    emailTaken: repository.emailTaken,
    isDeviceKnown: repository.isDeviceKnown,
    rememberDevice: repository.rememberDevice,
    claimSignInAttempt: repository.claimSignInAttempt,
    releaseSignInAttempt: repository.releaseSignInAttempt,
    resetFailedSignIns: repository.resetFailedSignIns,

    /** A new customer with their own referral code; undefined when the phone is taken. */
    async createCustomer(row: Omit<NewCustomerRow, "ownReferralCode">): Promise<Customer | undefined> {
      for (let i = 0; i < 5; i++) {
        try {
          return await repository.insert({ ...row, ownReferralCode: newReferralCode() });
        } catch (e) {
          // A referral code collision (unique per merchant) is retried with a new code.
          if ((e as { code?: string }).code !== "23505") throw e;
        }
      }
      throw new Error("could not allocate a referral code");
    },

    /**
     * Profile update. The residence country must be one the merchant serves. The KYC level is the
     * KYC module's (KYC_0 from sign-up, docs/kyc.md "Levels"): a profile does not change it.
     */
    async updateProfile(merchant: Merchant, id: string, patch: CustomerPatch): Promise<Customer> {
      if (patch.residenceCountry && merchant.blockedCountries.includes(patch.residenceCountry)) {
        throw customerErrors.create("COUNTRY_NOT_OFFERED", { field: "residenceCountry" });
      }
      return update(merchant.id, id, patch);
    },

    /** Each customer's name (else their phone) by id, for the back-office's lists; absent: not the merchant's. */
    async displayNames(merchantId: string, ids: string[]): Promise<Map<string, string>> {
      const rows = await repository.namesOf(merchantId, [...new Set(ids)]);
      return new Map(
        rows.map((c) => [c.id, [c.firstName, c.lastName].filter(Boolean).join(" ") || `+${c.phone}`]),
      );
    },

    /** The back-office's search (customers.repository `search`). */
    searchCustomers: (merchantId: string, query: string, alsoIds: string[], limit = 50) =>
      repository.search(merchantId, query.trim(), alsoIds, limit),

    /**
     * An operator's block or unblock, in the use-case's transaction (sessions end in the same
     * one): a blocked customer cannot sign in or move money out; money in still lands.
     */
    async setBlocked(tx: Tx, merchantId: string, id: string, block: { reason: string } | null) {
      if (!(await setBlockedSql(tx, merchantId, id, block)))
        throw customerErrors.create("CUSTOMER_NOT_FOUND");
    },

    /** A new password hash, written in the caller's transaction `tx`. */
    async setPasswordHash(tx: Tx, merchantId: string, id: string, hash: string) {
      if (!(await setPasswordHashSql(tx, merchantId, id, hash)))
        throw customerErrors.create("CUSTOMER_NOT_FOUND");
    },

    /** A new email, unconfirmed until its link is opened, written in the caller's transaction `tx`. */
    async setEmail(tx: Tx, merchantId: string, id: string, email: string) {
      if (!(await setEmailSql(tx, merchantId, id, email))) throw customerErrors.create("CUSTOMER_NOT_FOUND");
    },

    /**
     * Whether the customer is blocked, judged on their row held in `tx` (money out refuses them).
     * No such customer counts as blocked: money never leaves for someone who is not there.
     */
    isBlockedIn: async (tx: Tx, merchantId: string, id: string) =>
      (await lockBlockedSql(tx, merchantId, id)) ?? true,

    /** GET /v2/customer/profile/answers: what the customer answered once, to prefill it elsewhere. */
    async answers(merchantId: string, customerId: string): Promise<CustomerAnswers> {
      return answersView(await repository.answers(merchantId, customerId));
    },

    /**
     * A flow's answer (the card or IBAN order's questionnaire, a billing address), written in that
     * flow's transaction `tx` so the step and the stored answer commit together.
     */
    saveAnswers: (tx: Tx, merchantId: string, customerId: string, patch: AnswersPatch) =>
      saveAnswersSql(tx, merchantId, customerId, answerColumns(patch), now()),

    /** PUT /v2/customer/profile/answers: the customer changes their answers (validated by the route). */
    async changeAnswers(
      merchantId: string,
      customerId: string,
      patch: AnswersPatch,
    ): Promise<CustomerAnswers> {
      await repository.saveAnswers(merchantId, customerId, answerColumns(patch), now());
      return answersView(await repository.answers(merchantId, customerId));
    },

    /** The devices a customer of this merchant confirmed. */
    async devicesOf(merchantId: string, id: string) {
      await get(merchantId, id);
      return repository.listDevices(merchantId, id);
    },

    async setDevicePush(
      merchantId: string,
      customerId: string,
      deviceId: string,
      enabled: boolean,
      token: string | undefined,
    ) {
      await repository.setDevicePush(merchantId, customerId, deviceId, enabled, token ?? null);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;

function answerColumns({ questionnaire: q, billingAddress: a }: AnswersPatch): Partial<AnswerRow> {
  return {
    ...(q
      ? {
          isUsRelated: q.isUsRelated,
          usRelatedPerson: q.isUsRelated ? q.usRelatedPerson : null,
          incomeSources: [...new Set(q.incomeSources)],
          additionalSources: q.additionalSources,
          estimatedMonthlyTurnoverRange: q.estimatedMonthlyTurnoverRange,
          // A flow that does not ask the tax keeps the stored one (undefined is not written).
          taxCountry: q.taxCountry,
          taxId: q.taxId?.toUpperCase() ?? q.taxId,
        }
      : {}),
    ...(a
      ? {
          billingCountry: a.country,
          billingCity: a.city,
          billingAddress: a.address,
          billingAddress2: a.address2,
          billingPostalCode: a.postalCode,
          billingState: a.state,
        }
      : {}),
  };
}

function answersView(row: AnswerRow | undefined): CustomerAnswers {
  const questionnaire: Questionnaire | null =
    row?.isUsRelated != null && row.incomeSources && row.estimatedMonthlyTurnoverRange
      ? {
          isUsRelated: row.isUsRelated,
          usRelatedPerson: row.usRelatedPerson,
          incomeSources: row.incomeSources,
          additionalSources: row.additionalSources,
          estimatedMonthlyTurnoverRange: row.estimatedMonthlyTurnoverRange,
          taxCountry: row.taxCountry,
          taxId: row.taxId,
        }
      : null;
  const billingAddress: AnsweredAddress | null =
    row?.billingCountry && row.billingCity && row.billingAddress && row.billingPostalCode
      ? {
          country: row.billingCountry,
          city: row.billingCity,
          address: row.billingAddress,
          address2: row.billingAddress2,
          postalCode: row.billingPostalCode,
          state: row.billingState,
        }
      : null;
  return { questionnaire, billingAddress };
}

// 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L).
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
function newReferralCode(): string {
  return [...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join("");
}
