import { vi } from "vitest";
import { answer, defaultWorld, type FakeWorld } from "./fake-config-service.ts";

export type Handler = (request: Request) => Response | Promise<Response>;

export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

export const errorResponse = (status: number, error: string, message: string, field?: string) =>
  jsonResponse(status, { error, errorId: 1, message, requestId: "test", ...(field ? { field } : {}) });

export const tokens = (access = "test-access") =>
  jsonResponse(200, { access_token: access, token_type: "bearer", expires_in: 900, scope: "", jti: "j" });

/**
 * The fake configuration service plus the accounts calls a test names ("POST /oauth/token"...).
 * Every request is recorded, so a test can check headers and bodies.
 */
export function installFakeAccounts(handlers: Record<string, Handler>, world: FakeWorld = defaultWorld()) {
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), "http://localhost:3000"), init);
    requests.push(request.clone());
    const handler = handlers[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : answer(world, request.url, request.headers);
  });
  vi.stubGlobal("fetch", fetchMock);
  const find = (method: string, path: string) =>
    requests.filter((r) => r.method === method && new URL(r.url).pathname === path);
  return { requests, find, world };
}

export const GERMANY = { code: "DE", name: "Germany", dialCode: "+49", blocked: false };
export const phoneCountries = () =>
  jsonResponse(200, {
    data: [GERMANY, { ...GERMANY, code: "IR", name: "Iran", dialCode: "+98", blocked: true }],
  });
