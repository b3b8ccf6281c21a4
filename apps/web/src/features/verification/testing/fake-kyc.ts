import type { KycData } from "../kyc/verification-rule.ts";

// Answers of the KYC calls for component tests.

const undecided = {
  status: "UNDEFINED",
  reason: null,
  rejectFormattedMessage: null,
  retryAllowed: false,
} as const;

/** GET /v2/customer/kyc/data: KYC_0 with nothing sent yet, unless told otherwise. */
export function kycData(over: Partial<KycData> = {}): KycData {
  return {
    kycLevel: "KYC_0",
    status: "NONE",
    kyc1ClientData: undecided,
    kyc2ClientData: undecided,
    kyc3ClientData: undecided,
    ...over,
  };
}

export const clientData = (
  status: KycData["kyc1ClientData"]["status"],
  over: Partial<KycData["kyc1ClientData"]> = {},
): KycData["kyc1ClientData"] => ({ ...undecided, status, ...over });

/** A profile the verification rule applies to: complete, at KYC_0. */
export const COMPLETE = {
  firstName: "Ada",
  lastName: "Lovelace",
  dateOfBirth: "1990-12-10",
  residenceCountry: "DE",
  residenceCity: "Berlin",
  residenceStreet: "Hauptstraße 1",
};
