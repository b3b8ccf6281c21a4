import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultWorld, installFakeConfigService } from "../../test/fake-config-service.ts";
import { historyOperation } from "../../test/fake-history.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { OperationDetailsModal } from "./OperationDetailsModal.tsx";

const rate = { sourceCurrency: "EUR", targetCurrency: "USDT", rate: "1.0800000000", multiplier: 1 };

/** The modal's rows as "term: value", in order. */
function rows(): string[] {
  const dialog = screen.getByRole("dialog");
  const list = dialog.querySelector("dl");
  if (!list) throw new Error("no details list");
  return Array.from(within(list).getAllByRole("term")).map(
    (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
  );
}

describe("OperationDetailsModal", () => {
  beforeEach(() => {
    installFakeConfigService(defaultWorld());
  });

  it("shows a card pay-in's card, what the card paid, the fee and the rate", () => {
    renderWithProviders(
      <OperationDetailsModal
        operation={historyOperation({
          type: "PAYIN_CARD",
          direction: "IN",
          amount: "52.920000",
          currency: "USDT",
          fee: "0.000000",
          counterparty: "424242******4242",
          payinCardModel: {
            fromCardPAN: "424242******4242",
            toAddress: "0190f4d2-0000-7000-8000-00000000000a",
            debitAmount: { value: "50.00", currency: "EUR" },
            creditAmount: { value: "52.920000", currency: "USDT" },
            feeAmount: { value: "1.00", currency: "EUR" },
            exchangeRate: rate,
            failureReason: null,
          },
        })}
        onClose={() => {}}
      />,
    );
    const shown = rows();
    expect(shown).toEqual(
      expect.arrayContaining([
        "Amount: 52.92 USDT",
        // The fee is taken in the card's currency, not the wallet's.
        "Fee: €1.00",
        "Card: 424242******4242",
        "Charged to the card: €50.00",
        "Rate: 1 EUR = 1.08 USDT",
      ]),
    );
    // The card is named once, not again as a counterparty; no reason for a success.
    expect(shown.filter((r) => r.includes("424242******4242"))).toHaveLength(1);
    expect(shown.some((r) => r.startsWith("Why it failed"))).toBe(false);
  });

  it("shows a failed card payout's card, what the card receives, and why it failed", () => {
    renderWithProviders(
      <OperationDetailsModal
        operation={historyOperation({
          type: "PAYOUT_CARD",
          direction: "OUT",
          status: "FAILED",
          operationStatus: "FAILED",
          amount: "20.000000",
          currency: "USDT",
          fee: "0.700000",
          counterparty: "400000******0002",
          payoutCardModel: {
            fromAddress: "0190f4d2-0000-7000-8000-00000000000b",
            toCardPAN: "400000******0002",
            debitAmount: { value: "20.000000", currency: "USDT" },
            creditAmount: { value: "17.85", currency: "EUR" },
            feeAmount: { value: "0.700000", currency: "USDT" },
            exchangeRate: { ...rate, sourceCurrency: "USDT", targetCurrency: "EUR", rate: "0.9200000000" },
            failureReason: "The card's bank did not accept the payout. Your money is back in your wallet.",
          },
        })}
        onClose={() => {}}
      />,
    );
    const shown = rows();
    expect(shown).toEqual(
      expect.arrayContaining([
        "Amount: 20.00 USDT",
        "Fee: 0.70 USDT",
        "Card: 400000******0002",
        "The card receives: €17.85",
        "Rate: 1 USDT = 0.92 EUR",
      ]),
    );
    expect(shown).toContain(
      "Why it failed: The card's bank did not accept the payout. Your money is back in your wallet.",
    );
    expect(shown).toContain("Status: Failed");
  });

  it("links a withdrawal's transaction to its explorer page, in a new tab that cannot reach back", () => {
    const txHash = "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060";
    const withdrawal = (explorerUrl: string | null) =>
      historyOperation({
        type: "SEND_TO_WALLET",
        direction: "OUT",
        amount: "0.010000000000000000",
        currency: "ETH",
        fee: "0.000420000000000000",
        counterparty: "0x7099…Dc79C8",
        sendToWalletModel: {
          fromAddress: null,
          toAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
          debitAmount: { value: "0.01042", currency: "ETH" },
          creditAmount: { value: "0.01", currency: "ETH" },
          feeAmount: { value: "0.00042", currency: "ETH" },
          networkFee: { value: "0.00042", currency: "ETH" },
          txHash,
          network: "ERC20",
          internal: false,
          confirmations: 1,
          requiredConfirmations: 3,
          failureReason: null,
          explorerUrl,
        },
      });
    const { unmount } = renderWithProviders(
      <OperationDetailsModal
        operation={withdrawal(`https://etherscan.io/tx/${txHash}`)}
        onClose={() => {}}
      />,
    );
    const link = screen.getByRole("link", { name: "View on the network's explorer" });
    expect(link.getAttribute("href")).toBe(`https://etherscan.io/tx/${txHash}`);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(rows()).toContain(`Transaction hash: ${txHash}View on the network's explorer`);
    expect(rows()).toContain("Confirmations: 1 / 3");
    unmount();

    // No explorer configured for the network: the hash alone.
    renderWithProviders(<OperationDetailsModal operation={withdrawal(null)} onClose={() => {}} />);
    expect(screen.queryByRole("link")).toBeNull();
    expect(rows()).toContain(`Transaction hash: ${txHash}`);
  });
});
