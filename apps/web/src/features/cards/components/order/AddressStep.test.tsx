import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { installFakeAccounts, jsonResponse, phoneCountries } from "../../../../test/fake-accounts.ts";
import { renderWithProviders } from "../../../../test/render.tsx";
import { AddressStep } from "./AddressStep.tsx";

describe("the card order's address step", () => {
  it("takes the courier's phone in the app's one phone field and sends it as digits", async () => {
    installFakeAccounts({
      "GET /v1/catalog/countries": phoneCountries,
      "GET /v2/card/card-requests/country/plastic-delivery": () =>
        jsonResponse(200, { countries: [{ code: "DE", name: "Germany" }] }),
      "GET /v2/customer/profile/answers": () =>
        jsonResponse(200, { questionnaire: null, billingAddress: null }),
    });
    const onSubmit = vi.fn();
    renderWithProviders(
      <AddressStep program="CP_1" plastic pending={false} error={undefined} onSubmit={onSubmit} />,
    );
    const user = userEvent.setup();
    const fill = async (prefix: string) => {
      const countries = await screen.findAllByLabelText("Country");
      const select = countries.find((c) => c.getAttribute("name") === `${prefix}country`);
      if (!select) throw new Error(`no ${prefix}country`);
      await user.selectOptions(select, "DE");
    };
    await screen.findAllByRole("option", { name: "Germany" }); // the delivery countries are in
    await fill("billing-");
    const [city] = screen.getAllByLabelText("City");
    const [street] = screen.getAllByLabelText("Address");
    const [postal] = screen.getAllByLabelText("Postal code");
    if (!city || !street || !postal) throw new Error("no billing fields");
    await user.type(city, "Berlin");
    await user.type(street, "Unter den Linden 1");
    await user.type(postal, "10117");
    await user.click(screen.getByRole("checkbox"));
    await fill("shipping-");
    const cities = screen.getAllByLabelText("City");
    const streets = screen.getAllByLabelText("Address");
    const postals = screen.getAllByLabelText("Postal code");
    await user.type(cities[1] as HTMLElement, "Hamburg");
    await user.type(streets[1] as HTMLElement, "Jungfernstieg 2");
    await user.type(postals[1] as HTMLElement, "20354");
    await user.type(screen.getByLabelText("First name"), "Ada");
    await user.type(screen.getByLabelText("Last name"), "Lovelace");
    expect(screen.getByRole("combobox", { name: "Country calling code" })).not.toBeNull();
    const phone = screen.getByLabelText("Phone for the courier");
    await user.type(phone, "12");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      await screen.findByText("Phone number is not valid. Check the country code and the number."),
    ).not.toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(phone);
    await user.type(phone, "0151 23456789");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].shippingAddress).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "4915123456789",
      city: "Hamburg",
    });
  });

  // Issue 47 "ask once": the billing address given before is filled in, and sent as changed.
  it("starts from the stored billing address, editable", async () => {
    installFakeAccounts({
      "GET /v2/card/card-requests/country/plastic-delivery": () =>
        jsonResponse(200, { countries: [{ code: "DE", name: "Germany" }] }),
      "GET /v2/customer/profile/answers": () =>
        jsonResponse(200, {
          questionnaire: null,
          billingAddress: {
            country: "DE",
            city: "Berlin",
            address: "Hauptstraße 1",
            address2: null,
            postalCode: "10115",
            state: "Berlin",
          },
        }),
    });
    const onSubmit = vi.fn();
    renderWithProviders(
      <AddressStep program="CP_1" plastic={false} pending={false} error={undefined} onSubmit={onSubmit} />,
    );
    const city = (await screen.findByLabelText("City")) as HTMLInputElement;
    expect(city.value).toBe("Berlin");
    expect((screen.getByLabelText("Country") as HTMLSelectElement).value).toBe("DE");
    expect((screen.getByLabelText("Postal code") as HTMLInputElement).value).toBe("10115");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Address line 2 (optional)"), "Hinterhaus");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      billingAddress: {
        country: "DE",
        city: "Berlin",
        address: "Hauptstraße 1",
        address2: "Hinterhaus",
        postalCode: "10115",
        state: "Berlin",
      },
      shippingMatchBilling: true,
    });
  });
});
