import { currencyCodes } from "@kestrel/money";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AssetIcon } from "./AssetIcon.tsx";

/** The networks the server names (catalog/currency-features.ts). */
const NETWORKS = ["BTC", "ERC20", "TRC20", "LTC", "SOL", "DOGE"];

const iconOf = (code: string, kind: "currency" | "network") =>
  render(<AssetIcon code={code} kind={kind} />)
    .container.querySelector("img")
    ?.getAttribute("src");

describe("AssetIcon", () => {
  it.each(currencyCodes)("has a bundled icon for %s", (code) => {
    expect(iconOf(code, "currency")).toMatch(new RegExp(`/assets/icons/currencies/${code}\\.svg`));
  });

  it.each(NETWORKS)("has a bundled icon for the %s network", (network) => {
    expect(iconOf(network, "network")).toMatch(new RegExp(`/assets/icons/networks/${network}\\.svg`));
  });

  it("draws a monogram for a code it has no icon for", () => {
    const { container } = render(<AssetIcon code="XYZW" />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe("XYZ");
  });
});
