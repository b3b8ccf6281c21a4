import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeAccounts, jsonResponse } from "../../../test/fake-accounts.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { AddCardForm } from "./AddCardForm.tsx";

async function fillCard() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Card number"), "4242424242424242");
  await user.type(screen.getByLabelText("Expiry (MM/YY)"), "12/39");
  await user.type(screen.getByLabelText("Name on the card"), "Ada Lovelace");
  return user;
}

const NONE = { questionnaire: null, billingAddress: null };
const stored = (answers: unknown) =>
  installFakeAccounts({ "GET /v2/customer/profile/answers": () => jsonResponse(200, answers) });

describe("AddCardForm", () => {
  beforeEach(() => {
    stored(NONE);
  });

  it("saves a payout card without a billing address: the payout flow never asks for one", async () => {
    const onSave = vi.fn();
    renderWithProviders(<AddCardForm onSave={onSave} saving={false} error={undefined} askAddress={false} />);
    expect(screen.queryByRole("group", { name: "Billing address" })).toBeNull();
    const user = await fillCard();
    await user.click(screen.getByRole("button", { name: "Save card" }));
    expect(onSave).toHaveBeenCalledOnce();
    expect(onSave.mock.calls[0]?.[0]).not.toHaveProperty("billingAddress");
  });

  it("asks a pay-in card for its billing address before saving it", async () => {
    const onSave = vi.fn();
    renderWithProviders(<AddCardForm onSave={onSave} saving={false} error={undefined} askAddress />);
    expect(await screen.findByRole("group", { name: "Billing address" })).not.toBeNull();
    const user = await fillCard();
    await user.click(screen.getByRole("button", { name: "Save card" }));
    expect(onSave).not.toHaveBeenCalled();
  });

  // Issue 47: the billing country is picked by its name, not typed as "2 letters".
  it("picks the billing country by its name from a select and sends its code", async () => {
    const onSave = vi.fn();
    renderWithProviders(<AddCardForm onSave={onSave} saving={false} error={undefined} askAddress />);
    const country = await screen.findByRole("combobox", { name: "Country" });
    expect(screen.getByRole("option", { name: "Germany" })).not.toBeNull();
    const user = await fillCard();
    await user.type(screen.getByLabelText("Address"), "Invalidenstr. 1");
    await user.type(screen.getByLabelText("City"), "Berlin");
    await user.type(screen.getByLabelText("Postal code"), "10115");
    await user.selectOptions(country, "Germany");
    await user.click(screen.getByRole("button", { name: "Save card" }));
    expect(onSave.mock.calls[0]?.[0].billingAddress).toMatchObject({ countryCode: "DE", city: "Berlin" });
  });

  // Issue 47 "ask once": the billing address given before (card or IBAN order, another card) is
  // filled in, and what the customer changes is what is sent.
  it("starts from the stored billing address, editable", async () => {
    stored({
      ...NONE,
      billingAddress: {
        country: "DE",
        city: "Berlin",
        address: "Invalidenstr. 1",
        address2: "Hinterhaus",
        postalCode: "10115",
        state: null,
      },
    });
    const onSave = vi.fn();
    renderWithProviders(<AddCardForm onSave={onSave} saving={false} error={undefined} askAddress />);
    const city = (await screen.findByLabelText("City")) as HTMLInputElement;
    expect(city.value).toBe("Berlin");
    expect((screen.getByLabelText("Address") as HTMLInputElement).value).toBe("Invalidenstr. 1");
    expect((screen.getByRole("combobox", { name: "Country" }) as HTMLSelectElement).value).toBe("DE");
    const user = await fillCard();
    await user.clear(city);
    await user.type(city, "Potsdam");
    await user.click(screen.getByRole("button", { name: "Save card" }));
    expect(onSave.mock.calls[0]?.[0].billingAddress).toEqual({
      address: "Invalidenstr. 1",
      address2: "Hinterhaus",
      city: "Potsdam",
      zip: "10115",
      countryCode: "DE",
      state: null,
    });
  });
});
