import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/render.tsx";
import { Spinner } from "./Spinner.tsx";

describe("Spinner", () => {
  it.each([24, 30, 60] as const)("renders at %i px and is announced as loading", (size) => {
    renderWithProviders(<Spinner size={size} />);
    const spinner = screen.getByRole("status", { name: "Loading" });
    expect(spinner.style.width).toBe(`${size}px`);
    expect(spinner.style.height).toBe(`${size}px`);
  });
});
