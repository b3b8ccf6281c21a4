import { commonErrors } from "../../http/app-error.ts";

/** A Bitcoin Core JSON-RPC error (the node answered, and refused). */
export class UtxoRpcError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export type UtxoRpc = <T>(method: string, params?: unknown[]) => Promise<T>;

/**
 * Bitcoin Core's JSON-RPC (Litecoin Core and Dogecoin Core speak the same) at `url`, whose user
 * and password are the RPC credentials and whose path may name a wallet (`/wallet/hot`). A node
 * that cannot be reached, or that answers no JSON-RPC (a proxy's 502 page, a 401 for wrong
 * credentials), is SERVICE_UNAVAILABLE (503 with Retry-After), never a 500.
 */
export function createUtxoRpc(url: string): UtxoRpc {
  const parsed = new URL(url);
  const auth = `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString("base64")}`;
  parsed.username = "";
  parsed.password = "";
  const endpoint = parsed.toString();
  let id = 0;
  const unavailable = () =>
    commonErrors.create("SERVICE_UNAVAILABLE", {
      message: "The network's node cannot be reached right now. Please try again later.",
      headers: { "retry-after": "30" },
    });
  return async <T>(method: string, params: unknown[] = []): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: auth },
        body: JSON.stringify({ jsonrpc: "1.0", id: ++id, method, params }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw unavailable();
    }
    const body = (await response.json().catch(() => undefined)) as
      | { result: T; error: { code: number; message: string } | null }
      | undefined;
    if (!body) throw unavailable();
    if (body.error) throw new UtxoRpcError(body.error.code, `${method}: ${body.error.message}`);
    return body.result;
  };
}
