import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeConfigService } from "../../../../test/fake-config-service.ts";
import { renderWithProviders } from "../../../../test/render.tsx";
import type { Card } from "../../api/cards-queries.ts";
import { PinModal } from "./PinModal.tsx";

const card = { id: "0193a9e0-0000-7000-8000-0000000000c1", label: null, pinSet: false } as unknown as Card & {
  id: string;
};

describe("PinModal", () => {
  afterEach(() => vi.restoreAllMocks());

  it("refuses an easy or mistyped PIN on the page, naming the field, before any call", async () => {
    const fetchMock = installFakeConfigService();
    const user = userEvent.setup();
    renderWithProviders(<PinModal open onOpenChange={() => {}} card={card} program="CP_1" />);
    const pin = screen.getByLabelText("New PIN");
    const repeat = screen.getByLabelText("Repeat the PIN");
    const submit = screen.getByRole("button", { name: "Set PIN" });

    await user.type(pin, "12a34");
    expect((pin as HTMLInputElement).value).toBe("1234");
    await user.type(repeat, "1234");
    await user.click(submit);
    expect(screen.getByText(/too easy to guess/)).toBeTruthy();
    expect(pin.getAttribute("aria-invalid")).toBe("true");

    await user.clear(pin);
    await user.type(pin, "1357");
    await user.clear(repeat);
    await user.type(repeat, "1375");
    await user.click(submit);
    expect(screen.getByText("The two PINs do not match.")).toBeTruthy();
    // No card call at all (setting a PIN starts by fetching the issuer's key). The typed client
    // calls fetch with a Request: read its url, not String(request) ("[object Request]").
    const urls = fetchMock.mock.calls.map(([input]) =>
      input instanceof Request ? input.url : String(input),
    );
    expect(urls.filter((url) => url.includes("/v2/card"))).toEqual([]);
  });
});
