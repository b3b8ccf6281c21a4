import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test/render.tsx";
import { AddCardForm } from "./AddCardForm.tsx";

async function fillCard() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Card number"), "4242424242424242");
  await user.type(screen.getByLabelText("Expiry (MM/YY)"), "12/39");
  await user.type(screen.getByLabelText("Name on the card"), "Ada Lovelace");
  return user;
}

describe("AddCardForm", () => {
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
    expect(screen.getByRole("group", { name: "Billing address" })).not.toBeNull();
    const user = await fillCard();
    await user.click(screen.getByRole("button", { name: "Save card" }));
    expect(onSave).not.toHaveBeenCalled();
  });

  // Issue 47: the billing country is picked by its name, not typed as "2 letters".
  it("picks the billing country by its name from a select and sends its code", async () => {
    const onSave = vi.fn();
    renderWithProviders(<AddCardForm onSave={onSave} saving={false} error={undefined} askAddress />);
    const country = screen.getByRole("combobox", { name: "Country" });
    expect(screen.getByRole("option", { name: "Germany" })).not.toBeNull();
    const user = await fillCard();
    await user.type(screen.getByLabelText("Street and number"), "Invalidenstr. 1");
    await user.type(screen.getByLabelText("City"), "Berlin");
    await user.type(screen.getByLabelText("Postcode"), "10115");
    await user.selectOptions(country, "Germany");
    await user.click(screen.getByRole("button", { name: "Save card" }));
    expect(onSave.mock.calls[0]?.[0].billingAddress).toMatchObject({ countryCode: "DE", city: "Berlin" });
  });
});
