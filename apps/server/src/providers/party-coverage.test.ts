import { describe, expect, it } from "vitest";
import { unavailableBank } from "./bank/bank-provider.ts";
import { unavailableChain } from "./chain/chain-provider.ts";
import { unavailableIssuer } from "./issuer/issuer-provider.ts";
import { isStandIn, PARTY_FEATURES, partyCoverage } from "./party-coverage.ts";

const connected = { call: async () => "ok" };

describe("partyCoverage", () => {
  it("knows the stand-ins: the parties with no adapter outside sandbox mode", () => {
    expect([unavailableBank(), unavailableIssuer(), unavailableChain()].every(isStandIn)).toBe(true);
    expect(isStandIn(connected)).toBe(false);
    // A wrapper that copies the party's properties (metrics, provider health) keeps the mark.
    expect(isStandIn({ ...unavailableBank() })).toBe(true);
  });

  it("makes every feature of a stand-in unavailable, naming its party; connected ones stay", () => {
    const coverage = partyCoverage({
      acquirer: connected,
      bank: unavailableBank(),
      issuer: unavailableIssuer(),
      chainCurrencies: "all",
    });
    expect([...coverage.unavailable.keys()].sort()).toEqual(
      [...PARTY_FEATURES.bank, ...PARTY_FEATURES.issuer].sort(),
    );
    expect(coverage.unavailable.get("IBAN")).toBe("bank");
    expect(coverage.unavailable.has("PAYIN_CARD")).toBe(false);
    expect(coverage.carries("TRX")).toBe(true);
  });

  it("carries the chain per currency; with no chain at all, crypto is unavailable", () => {
    const parties = { acquirer: connected, bank: connected, issuer: connected };
    const eth = partyCoverage({ ...parties, chainCurrencies: ["ETH"] });
    expect(eth.carries("ETH")).toBe(true);
    expect(eth.carries("USDC")).toBe(false);
    expect(eth.unavailable.size).toBe(0);
    const none = partyCoverage({ ...parties, chainCurrencies: [] });
    expect(none.unavailable.get("PAYIN_CRYPTO")).toBe("chain");
    expect(none.unavailable.get("PAYOUT_CRYPTO")).toBe("chain");
  });
});
