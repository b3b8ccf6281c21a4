import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { installFakeAccounts, jsonResponse } from "../../../../test/fake-accounts.ts";
import { renderWithProviders } from "../../../../test/render.tsx";
import { InformationStep } from "./InformationStep.tsx";

const CONSTANTS = {
  additionalDocumentType: [],
  incomeSource: ["salary", "savings", "dividends"],
  deprecatedIncomeSource: [],
  purposesOfAccountOpening: [],
  estimatedMonthlyTurnoverRange: ["0-1000", "1001-3000"],
};

// Issue 47 "ask once": the questionnaire answered before (here in the IBAN order) is filled in.
describe("the card order's information step", () => {
  it("starts from the stored questionnaire; the customer changes it and sends it", async () => {
    installFakeAccounts({
      "GET /v3/card/additional-personal-info/constants": () => jsonResponse(200, CONSTANTS),
      "GET /v2/customer/profile/answers": () =>
        jsonResponse(200, {
          questionnaire: {
            isUsRelated: false,
            usRelatedPerson: null,
            incomeSources: ["salary", "savings"],
            additionalSources: "Royalties",
            estimatedMonthlyTurnoverRange: "1001-3000",
            taxCountry: "DE",
            taxId: "DE123456789",
          },
          billingAddress: null,
        }),
    });
    const onSubmit = vi.fn();
    renderWithProviders(
      <InformationStep program="CP_1" pending={false} error={undefined} onSubmit={onSubmit} />,
    );
    const salary = (await screen.findByRole("checkbox", { name: "Salary" })) as HTMLInputElement;
    expect(salary.checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: "Savings" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "No" }) as HTMLInputElement).checked).toBe(true);
    const turnover = screen.getByLabelText("Expected monthly turnover (EUR)") as HTMLSelectElement;
    expect(turnover.value).toBe("1001-3000");
    expect((screen.getByLabelText("Country of tax residence") as HTMLSelectElement).value).toBe("DE");
    expect((screen.getByLabelText("Tax identification number") as HTMLInputElement).value).toBe(
      "DE123456789",
    );
    expect(screen.getByText(/We filled in your earlier answers/)).not.toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole("checkbox", { name: "Savings" }));
    await user.click(screen.getByRole("checkbox", { name: /information I gave is correct/ }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      tax: { taxCountry: "DEU", taxId: "DE123456789" },
      info: {
        dataCorrectnessConfirmation: true,
        isUsRelated: false,
        incomeSources: ["salary"],
        additionalSources: "Royalties",
        estimatedMonthlyTurnoverRange: "1001-3000",
        taxCountry: "DE",
        taxId: "DE123456789",
      },
    });
  });
});
