import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { errorResponse, installFakeAccounts, jsonResponse } from "../../../test/fake-accounts.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import type { IbanItem } from "../api/iban-calls.ts";
import { IbanOrder } from "./IbanOrder.tsx";

const CONSTANTS = {
  incomeSource: ["salary", "savings"],
  estimatedMonthlyTurnoverRange: ["0-1000", "1001-3000"],
  purposesOfAccountOpening: [],
  euCountries: [
    { code: "DE", name: "Germany" },
    { code: "FR", name: "France" },
  ],
};
const STORED = {
  questionnaire: {
    isUsRelated: false,
    usRelatedPerson: null,
    incomeSources: ["savings"],
    additionalSources: null,
    estimatedMonthlyTurnoverRange: "0-1000",
    taxCountry: "FR",
    taxId: "FR1234567",
  },
  billingAddress: {
    country: "DE",
    city: "Berlin",
    address: "Invalidenstr. 1",
    address2: null,
    postalCode: "10115",
    state: null,
  },
};
const order = (open: string[]) =>
  ({
    ibanRequestId: "0190a0a0-0000-7000-8000-000000000001",
    displayStatus: "COLLECTION",
    additionalStatuses: open,
  }) as unknown as IbanItem;

/** The IBAN calls are a signed-in customer's: the session has a token, as after a sign-in. */
function renderSignedIn(ui: ReactNode) {
  const view = renderWithProviders(ui);
  act(() => view.services.session.signIn({ access_token: "test-access", expires_in: 900 }));
  return view;
}

// Issue 47 "ask once": what the card order (or a pay-in card) stored is filled in here.
describe("the IBAN order", () => {
  it("starts the questionnaire from the stored answer and sends it", async () => {
    const fake = installFakeAccounts({
      "GET /v2/iban/additional-personal-info/constants": () => jsonResponse(200, CONSTANTS),
      "GET /v2/customer/profile/answers": () => jsonResponse(200, STORED),
      "POST /v2/iban/additional-personal-info": () => jsonResponse(200, { result: "ok" }),
    });
    renderSignedIn(<IbanOrder item={order(["ADDITIONAL_PERSONAL_INFO", "TAXID", "ADDRESS"])} />);
    const savings = (await screen.findByRole("checkbox", { name: "Savings" })) as HTMLInputElement;
    expect(savings.checked).toBe(true);
    expect((screen.getByLabelText("Country of tax residence") as HTMLSelectElement).value).toBe("FR");
    await userEvent.setup().click(screen.getByRole("button", { name: "Next" }));
    await expect.poll(() => fake.find("POST", "/v2/iban/additional-personal-info").length).toBe(1);
    const [sent] = fake.find("POST", "/v2/iban/additional-personal-info");
    expect(await sent?.json()).toEqual({
      isUsRelated: false,
      incomeSources: ["savings"],
      estimatedMonthlyTurnoverRange: "0-1000",
      taxCountry: "FR",
      taxId: "FR1234567",
    });
  });

  it("starts the address from the stored answer; a refused field is named beside it", async () => {
    installFakeAccounts({
      "GET /v2/iban/additional-personal-info/constants": () => jsonResponse(200, CONSTANTS),
      "GET /v2/customer/profile/answers": () => jsonResponse(200, STORED),
      "POST /v2/iban/addresses": () =>
        errorResponse(400, "NOT_VALID_REQUEST_DATA", "zipCode: must be a postal code", "zipCode"),
    });
    renderSignedIn(<IbanOrder item={order(["ADDRESS"])} />);
    const city = (await screen.findByLabelText("City")) as HTMLInputElement;
    expect(city.value).toBe("Berlin");
    expect((screen.getByLabelText("Postal code") as HTMLInputElement).value).toBe("10115");
    await userEvent.setup().click(screen.getByRole("button", { name: "Order IBAN" }));
    const postal = screen.getByLabelText("Postal code");
    await expect.poll(() => postal.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("zipCode: must be a postal code")).not.toBeNull();
  });
});
