import type { ClaimsService } from "../claims/index.ts";
import type { HistoryService } from "../history/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { pdfBrandOf } from "./pdf-brand.ts";
import { receiptPdf } from "./receipt-render.ts";
import { statementCsv, statementPdf } from "./statement-render.ts";
import { buildStatement, describeEntry, statementRange } from "./statement-rules.ts";
import { statementErrors } from "./statements.errors.ts";

export type StatementFile = { body: Buffer; contentType: string; fileName: string };

/**
 * Statements of all a customer's accounts and receipts of single operations (docs/statements.md):
 * the ledger says what moved and the balances, the history says it in the customer's words.
 */
export function createStatementsService(deps: {
  ledger: LedgerService;
  history: HistoryService;
  claims: Pick<ClaimsService, "releasesOf">;
  now?: () => Date;
}) {
  const now = () => deps.now?.() ?? new Date();
  return {
    async statement(input: {
      merchant: Merchant;
      customerId: string;
      from: string;
      to: string;
      format: "pdf" | "csv";
    }): Promise<StatementFile> {
      const range = statementRange(input.from, input.to);
      const scope = { merchantId: input.merchant.id, customerId: input.customerId };
      const facts = await deps.ledger.statementFacts({ ...scope, ownerId: input.customerId, ...range });
      const operationIds = [...new Set(facts.movements.map((m) => m.operationId))];
      const [entries, releases] = await Promise.all([
        deps.history.entriesOf({ ...scope, operationIds }),
        deps.claims.releasesOf({ merchantId: scope.merchantId, senderId: scope.customerId, operationIds }),
      ]);
      const accounts = buildStatement(facts, (id, kind) =>
        describeEntry(entries.get(id), kind, releases.get(id)),
      );
      const name = `statement-${range.firstDay}-${range.lastDay}`;
      if (input.format === "csv") {
        return {
          body: Buffer.from(statementCsv(accounts, range, now())),
          contentType: "text/csv; charset=utf-8",
          fileName: `${name}.csv`,
        };
      }
      const brand = await pdfBrandOf(input.merchant);
      return {
        body: await statementPdf(brand, accounts, range, now()),
        contentType: "application/pdf",
        fileName: `${name}.pdf`,
      };
    },

    /** One operation of the customer as a PDF; another customer's (or none): 404. */
    async receipt(input: {
      merchant: Merchant;
      customerId: string;
      operationId: string;
    }): Promise<StatementFile> {
      const op = await deps.history.findOperation({
        merchantId: input.merchant.id,
        customerId: input.customerId,
        operationId: input.operationId,
      });
      if (!op) throw statementErrors.create("OPERATION_NOT_FOUND", { field: "operationId" });
      return {
        body: await receiptPdf(await pdfBrandOf(input.merchant), op),
        contentType: "application/pdf",
        fileName: `receipt-${op.operationId}.pdf`,
      };
    },
  };
}
