import { customerCall, customerGet } from "./kyc-support.ts";
import { type Customer, eventually } from "./wallets-support.ts";

// An issued IBAN for a verified customer, over HTTP the way the web app's order calls it (the
// order, the questionnaire, the billing address), for suites that need one without ordering it
// on screen (iban.e2e.ts orders on screen).

type IbanList = { ibans: Array<{ iban: string | null }> };

/** Orders an IBAN for a KYC_2 customer and waits until the sandbox bank has issued it. */
export async function issuedIban(customer: Customer): Promise<string> {
  await customerCall(customer, "POST", "/v2/iban/iban-requests");
  await customerCall(customer, "POST", "/v2/iban/additional-personal-info", {
    isUsRelated: false,
    incomeSources: ["salary"],
    estimatedMonthlyTurnoverRange: "1001-3000",
    taxCountry: "DE",
    taxId: "DE123456789",
  });
  await customerCall(customer, "POST", "/v2/iban/addresses", {
    country: "DE",
    city: "Berlin",
    address1: "Hauptstraße 1",
    zipCode: "10115",
  });
  return eventually(async () => {
    const { ibans } = await customerGet<IbanList>(customer, "/v2/iban/list");
    return ibans[0]?.iban ?? undefined;
  }, "the IBAN issued");
}
