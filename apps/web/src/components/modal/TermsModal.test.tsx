import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import { TermsModal } from "./TermsModal.tsx";

const terms = { title: "Terms of Service", url: "https://demo.example.com/terms.pdf" };

describe("TermsModal", () => {
  it("keeps 'I have read and agree' disabled until the box is ticked", async () => {
    const user = userEvent.setup();
    const onAgree = vi.fn();
    renderWithProviders(<TermsModal open onOpenChange={() => {}} document={terms} onAgree={onAgree} />);
    const agree = screen.getByRole<HTMLButtonElement>("button", { name: "I have read and agree" });
    expect(agree.disabled).toBe(true);

    await user.click(screen.getByRole("checkbox"));
    expect(agree.disabled).toBe(false);
    await user.click(agree);
    expect(onAgree).toHaveBeenCalledOnce();

    await user.click(screen.getByRole("checkbox"));
    expect(agree.disabled).toBe(true);
  });

  it("labels the checkbox with the agreement and links the document", () => {
    renderWithProviders(<TermsModal open onOpenChange={() => {}} document={terms} onAgree={() => {}} />);
    expect(
      screen.getByRole("checkbox", { name: "I have read and agree with the Terms of Service" }),
    ).not.toBeNull();
    const link = screen.getByRole<HTMLAnchorElement>("link", { name: "Terms of Service" });
    expect(link.href).toBe(terms.url);
  });
});
