import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { defaultWorld, installFakeConfigService } from "../../test/fake-config-service.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { SupportModal } from "../modal/SupportModal.tsx";

// Issue 23 item 12: every 'Contact support' opens the chat the merchant's key names, else the
// merchant's support address or page.

const CHAT_URL = "/sandbox/support-chat?key=chat-key-demo";

function merchantWith(support: { chat?: boolean; email?: string; page?: string }) {
  const world = defaultWorld();
  if (support.chat) {
    world.merchant.supportChatKey = "chat-key-demo";
    world.merchant.supportChatUrl = CHAT_URL;
  }
  world.merchant.supportEmail = support.email ?? null;
  world.merchant.supportUrl = support.page ?? null;
  installFakeConfigService(world);
}

/** The Support modal as the header opens it: open until something closes it. */
function OpenSupportModal() {
  const [open, setOpen] = useState(true);
  return <SupportModal open={open} onOpenChange={setOpen} />;
}

const contactLink = () => screen.findByRole("link", { name: "Contact support" });

/** Renders once the merchant's configuration has loaded (the app's start gate waits for it). */
async function renderLoaded(ui: Parameters<typeof renderWithProviders>[0]) {
  const view = renderWithProviders(ui);
  await waitFor(() => expect(view.services.queryClient.isFetching()).toBe(0));
  return view;
}

describe("Contact support", () => {
  it("opens the merchant's chat, with a loading state until the widget has loaded", async () => {
    const user = userEvent.setup();
    merchantWith({ chat: true, email: "help@demo.example" });
    await renderLoaded(<OpenSupportModal />);
    expect(document.querySelector("iframe")).toBeNull(); // the widget loads only when opened
    await user.click(await screen.findByRole("button", { name: "Contact support" }));
    expect(screen.queryByRole("dialog", { name: "Uh-oh!" })).toBeNull();
    const chat = await screen.findByRole("dialog", { name: "Support chat" });
    const frame = chat.querySelector("iframe");
    expect(frame?.getAttribute("src")).toBe(CHAT_URL);
    expect(screen.getByRole("status", { name: "Connecting you to support…" })).not.toBeNull();
    fireEvent.load(frame as HTMLIFrameElement);
    expect(screen.queryByRole("status", { name: "Connecting you to support…" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Close the chat" }));
    expect(screen.queryByRole("dialog", { name: "Support chat" })).toBeNull();
  });

  it("without a chat, writes to the merchant's support address", async () => {
    merchantWith({ email: "help@demo.example", page: "https://help.demo.example/" });
    renderWithProviders(<SupportModal open onOpenChange={() => {}} />);
    expect((await contactLink()).getAttribute("href")).toBe("mailto:help@demo.example");
  });

  it("without a chat or an address, opens the merchant's support page in a new tab", async () => {
    merchantWith({ page: "https://help.demo.example/" });
    renderWithProviders(<SupportModal open onOpenChange={() => {}} />);
    const link = await contactLink();
    expect(link.getAttribute("href")).toBe("https://help.demo.example/");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("the error banner's 'contact support' opens the chat too", async () => {
    const user = userEvent.setup();
    merchantWith({ chat: true });
    const { services } = await renderLoaded(null);
    act(() => services.notifications.show("error"));
    const status = screen.getAllByRole("status").find((el) => el.textContent?.includes("Sorry"));
    expect(status?.textContent).toBe(
      "Sorry for inconvenience. We're fixing the issue. If you have urgent questions, contact support",
    );
    await user.click(await screen.findByRole("button", { name: "contact support" }));
    expect(
      (await screen.findByRole("dialog", { name: "Support chat" })).querySelector("iframe"),
    ).not.toBeNull();
  });

  it("a server message asking to contact support links to the address", async () => {
    merchantWith({ email: "help@demo.example" });
    const { services } = renderWithProviders(null);
    act(() => services.notifications.show("error", "This card is blocked. Please contact support."));
    const link = await screen.findByRole("link", { name: "contact support" });
    expect(link.getAttribute("href")).toBe("mailto:help@demo.example");
  });
});
