import { useQuery } from "@tanstack/react-query";

/**
 * Whether the server runs in sandbox mode: `GET /sandbox/status` answers 200 `{ sandbox: true }`
 * there and 404 everywhere else. Any other answer, or no answer, counts as "not sandbox", and is
 * not an error the customer should see (no banner), so the query never throws.
 */
async function fetchSandboxMode(): Promise<boolean> {
  try {
    const response = await fetch("/sandbox/status", { headers: { Accept: "application/json" } });
    if (response.status !== 200) return false;
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null && (body as { sandbox?: unknown }).sandbox === true;
  } catch {
    return false;
  }
}

export function useSandboxMode() {
  return useQuery({
    queryKey: ["sandbox-status"],
    queryFn: fetchSandboxMode,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
