import { addFeatureTexts } from "./feature-texts.ts";

/** English texts of statements and receipts (history), loaded with their code. */
export const enStatements = {
  statements: {
    open: "Statement",
    title: "Statement",
    intro:
      "All your wallets, cards, IBAN accounts and deposits: opening balance, every movement and closing balance.",
    month: "Month",
    byMonth: "A month",
    byRange: "Dates",
    from: "From",
    to: "To",
    pdf: "Download PDF",
    csv: "Download CSV",
    receipt: "Download receipt",
    downloading: "Preparing…",
  },
} as const;

addFeatureTexts(enStatements);
