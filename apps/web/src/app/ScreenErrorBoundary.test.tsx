import { act, screen } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render.tsx";
import { ScreenErrorBoundary } from "./ScreenErrorBoundary.tsx";

function Broken(): never {
  throw new Error("a screen that fails to render");
}

/** As AppShell has it: the screens inside the boundary, which is told the address. */
function Screens() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary pathname={pathname}>
      <Routes>
        <Route path="/broken" element={<Broken />} />
        <Route path="/fine" element={<h1>Fine</h1>} />
      </Routes>
    </ScreenErrorBoundary>
  );
}

describe("ScreenErrorBoundary", () => {
  it("shows an error with a reload for a screen that fails, and tries again at another address", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined); // expected here
    const { router } = renderWithProviders(<Screens />, {
      path: "/broken",
      routes: [{ path: "/fine", element: null }],
    });
    expect(screen.getByRole("alert").textContent).toContain("Something went wrong");
    expect(screen.getByRole("button", { name: "Reload" })).not.toBeNull();
    await act(() => router.navigate("/fine"));
    expect(screen.getByRole("heading", { name: "Fine" })).not.toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    quiet.mockRestore();
  });
});
