import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeConfigService } from "../test/fake-config-service.ts";
import { renderWithProviders } from "../test/render.tsx";
import { PhoneField } from "./PhoneField.tsx";

const COUNTRIES = [
  { code: "AT", name: "Austria", dialCode: "+43", blocked: false },
  { code: "DE", name: "Germany", dialCode: "+49", blocked: false },
  { code: "FR", name: "France", dialCode: "+33", blocked: false },
  { code: "NL", name: "Netherlands", dialCode: "+31", blocked: false },
];
const register = (name: string) => ({
  name,
  onChange: async () => {},
  onBlur: async () => {},
  ref: () => {},
});

function renderField(selectedCountry = "DE", defaultCountry?: string) {
  installFakeConfigService();
  renderWithProviders(
    <PhoneField
      countries={COUNTRIES}
      selectedCountry={selectedCountry}
      defaultCountry={defaultCountry}
      countrySelect={register("country")}
      phoneInput={register("phone")}
    />,
  );
  return screen.getByRole("combobox", { name: "Country calling code" }) as HTMLSelectElement;
}

describe("PhoneField's country picker", () => {
  it("draws the chosen country first, and every country just after", async () => {
    const picker = renderField();
    expect([...picker.options].map((o) => o.value)).toEqual(["DE"]);
    await waitFor(() => expect(picker.options).toHaveLength(4));
    expect(picker.value).toBe("DE");
  });

  it("before the form's value is set, shows the country it will start with", () => {
    const picker = renderField("", "DE");
    expect([...picker.options].map((o) => o.value)).toEqual(["DE"]);
    expect(screen.getByText("DE +49")).not.toBeNull();
  });

  it("has every country the moment the customer reaches for it", () => {
    const picker = renderField();
    fireEvent.focus(picker);
    expect([...picker.options].map((o) => o.value)).toEqual(["AT", "DE", "FR", "NL"]);
  });
});

describe("PhoneField's example", () => {
  it("is a mobile number of the country it shows, as people there write it", async () => {
    renderField("NL");
    const input = screen.getByLabelText("Phone number") as HTMLInputElement;
    await waitFor(() => expect(input.placeholder).toBe("06 12345678"));
  });

  it("follows the country picked", async () => {
    renderField("FR");
    const input = screen.getByLabelText("Phone number") as HTMLInputElement;
    await waitFor(() => expect(input.placeholder).toBe("06 12 34 56 78"));
  });
});
