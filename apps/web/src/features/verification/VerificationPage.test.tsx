import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { errorResponse, installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { defaultWorld } from "../../test/fake-config-service.ts";
import { renderApp } from "../../test/render.tsx";
import { kycData } from "./testing/fake-kyc.ts";

const residenceCountries = () =>
  jsonResponse(200, {
    data: [
      { code: "DE", name: "Germany", dialCode: "+49", blocked: false },
      { code: "IR", name: "Iran", dialCode: "+98", blocked: true },
    ],
  });

async function fillProfile(user: ReturnType<typeof userEvent.setup>, dateOfBirth: string) {
  await user.type(await screen.findByLabelText("First name"), "Ada");
  await user.type(screen.getByLabelText("Last name"), "Lovelace");
  await user.type(screen.getByLabelText("Date of birth"), dateOfBirth);
  await user.selectOptions(screen.getByLabelText("Country of residence"), "DE");
  await user.type(screen.getByLabelText("City"), "Berlin");
  await user.type(screen.getByLabelText("Street and house number"), "Hauptstraße 1");
}

/** A customer who has not given spec §2's profile fields yet (the default world has them). */
function incompleteWorld() {
  const world = defaultWorld();
  const { firstName, lastName, dateOfBirth, residenceCountry, residenceCity, residenceStreet, ...rest } =
    world.profile;
  world.profile = rest;
  return world;
}

describe("/verification", () => {
  it("offers only countries the merchant serves and refuses someone under 18, at the date field", async () => {
    installFakeAccounts({ "GET /v1/catalog/countries": residenceCountries }, incompleteWorld());
    const user = userEvent.setup();
    renderApp("/verification");
    await fillProfile(user, dayjs().subtract(17, "year").format("YYYY-MM-DD"));
    expect(screen.queryByRole("option", { name: "Iran" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save and continue" }));
    const message = await screen.findByText("You must be at least 18 years old.");
    expect(screen.getByLabelText("Date of birth").getAttribute("aria-describedby")).toContain(message.id);
  });

  it("removes characters the free-text rule does not allow while typing", async () => {
    installFakeAccounts({ "GET /v1/catalog/countries": residenceCountries }, incompleteWorld());
    const user = userEvent.setup();
    renderApp("/verification");
    const field = (await screen.findByLabelText("First name")) as HTMLInputElement;
    await user.type(field, "Ada<script>!");
    expect(field.value).toBe("Adascript");
  });

  it("shows a server refusal naming a field at that field", async () => {
    installFakeAccounts(
      {
        "GET /v1/catalog/countries": residenceCountries,
        "PATCH /v2/customer/profile": () =>
          errorResponse(
            400,
            "NOT_VALID_REQUEST_DATA",
            "residenceCity: must be at most 60 characters",
            "residenceCity",
          ),
      },
      incompleteWorld(),
    );
    const user = userEvent.setup();
    renderApp("/verification");
    await fillProfile(user, "1990-12-10");
    await user.click(screen.getByRole("button", { name: "Save and continue" }));
    const message = await screen.findByText("Must be at most 60 characters");
    expect(screen.getByLabelText("City").getAttribute("aria-describedby")).toContain(message.id);
  });

  it("saves the profile, then shows the identity verification step with the customer's status", async () => {
    const world = incompleteWorld();
    const fake = installFakeAccounts(
      {
        "GET /v1/catalog/countries": residenceCountries,
        "PATCH /v2/customer/profile": async (request) =>
          jsonResponse(200, { ...world.profile, ...(await request.json()) }),
        "GET /v2/customer/kyc/data": () => jsonResponse(200, kycData()),
      },
      world,
    );
    const user = userEvent.setup();
    renderApp("/verification");
    await fillProfile(user, "1990-12-10");
    await user.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByRole("heading", { name: "Identity verification" })).not.toBeNull();
    expect(await screen.findByText("Not verified yet")).not.toBeNull();
    expect(screen.getByRole("button", { name: "Verify your identity" })).not.toBeNull();
    const body = await fake.find("PATCH", "/v2/customer/profile")[0]?.json();
    expect(body).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      dateOfBirth: "1990-12-10",
      residenceCountry: "DE",
      residenceCity: "Berlin",
      residenceStreet: "Hauptstraße 1",
    });
    await user.click(screen.getByRole("link", { name: "Go to home" }));
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Home" })).not.toBeNull());
  });
});
