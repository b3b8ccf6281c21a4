import { unwrap } from "@kestrel/api-client";
import type { useApi } from "../../lib/session/session-context.tsx";

type Api = ReturnType<typeof useApi>;

/** Saves `blob` as a file through a temporary Blob URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The statement of every account over [from, to] (days, both included), saved as a file. Through
 * the typed client: the bearer token and the refresh on 401 come with it; a refusal throws the
 * server's message and field.
 */
export async function downloadStatement(api: Api, q: { from: string; to: string; format: "pdf" | "csv" }) {
  const blob = await unwrap(api.GET("/v2/statements", { params: { query: q }, parseAs: "blob" }));
  saveBlob(blob as Blob, `statement-${q.from}-${q.to}.${q.format}`);
}

/** One operation's receipt (PDF), saved as a file. */
export async function downloadReceipt(api: Api, operationId: string) {
  const blob = await unwrap(
    api.GET("/v2/history/operations/{operationId}/receipt", {
      params: { path: { operationId } },
      parseAs: "blob",
    }),
  );
  saveBlob(blob as Blob, `receipt-${operationId}.pdf`);
}

/** First and last day (YYYY-MM-DD) of a month given as YYYY-MM. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}
