/** What the widget reads of GET /v2/customer/kyc/data. */
export type KycData = {
  kycLevel: "KYC_0" | "KYC_2";
  status: string;
  kyc1ClientData: {
    status: "APPROVED" | "UNDEFINED" | "UNDER_REVIEW" | "DENIED";
    reason: string | null;
    rejectFormattedMessage: string | null;
    retryAllowed: boolean;
  };
};

export type Country = { code: string; name: string; blocked: boolean };
export type UploadMeta = { docType: string; issuedDate?: string; issuedCountry?: string };

/** A refusal of the server, with its body (spec's error shape). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;
  constructor(status: number, code: string | undefined, message: string, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** The token could not be renewed: the host's message, shown as it is. */
export class SessionError extends Error {}

/**
 * The widget's calls, with its token as bearer. A 401 means the token is no longer good: the
 * host is asked for a new one (once per call) and the call repeated with it.
 */
export function createKycApi(deps: {
  token: () => string;
  renewToken: (reason: string) => Promise<unknown>;
  fetch?: typeof fetch;
}) {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));

  async function request<T>(path: string, init: RequestInit = {}, retried = false): Promise<T> {
    const response = await doFetch(path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${deps.token()}` },
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.status === 401 && !retried) {
      try {
        await deps.renewToken(String(body.message ?? "The access token is not valid."));
      } catch (e) {
        throw new SessionError(e instanceof Error ? e.message : String(e));
      }
      return request<T>(path, init, true);
    }
    if (!response.ok) {
      throw new ApiError(
        response.status,
        typeof body.error === "string" ? body.error : undefined,
        typeof body.message === "string" ? body.message : response.statusText,
        typeof body.field === "string" ? body.field : undefined,
      );
    }
    return body as T;
  }

  return {
    getData: () => request<KycData>("/v2/customer/kyc/data", { cache: "no-store" }),
    submit: () => request<KycData>("/v5/kyc/submit", { method: "POST" }),
    async upload(meta: UploadMeta, file: Blob, filename: string): Promise<void> {
      const query = new URLSearchParams(
        Object.entries(meta).filter((e): e is [string, string] => typeof e[1] === "string"),
      );
      const form = new FormData();
      form.append("image", file, filename);
      await request(`/v1/kyc/upload/document?${query}`, { method: "POST", body: form });
    },
    /** Public list (no token needed); the merchant is the host name's. */
    async countries(): Promise<Country[]> {
      const response = await doFetch("/v1/catalog/countries?type=residence");
      if (!response.ok) return [];
      return ((await response.json()) as { data: Country[] }).data;
    },
  };
}

export type KycApi = ReturnType<typeof createKycApi>;
