import { unwrap } from "@kestrel/api-client";
import { type Query, useQuery } from "@tanstack/react-query";
import { KYC_DATA_QUERY_KEY } from "../../../lib/kyc/kyc-query-keys.ts";
import { useApi, useSessionStatus } from "../../../lib/session/session-context.tsx";
import type { WebSession } from "../../../lib/session/web-session.ts";
import { inReview, type KycData } from "../kyc/verification-rule.ts";

type Api = WebSession["api"];

/** How often the page reads the KYC data: often while the widget is open, gently otherwise. */
const POLL_MS = { widget: 1_500, inReview: 4_000, idle: 30_000 } as const;

export const fetchKycData = (api: Api): Promise<KycData> => unwrap(api.GET("/v2/customer/kyc/data"));

/** GET /v2/customer/kyc/data, read again while the page is open (not in a hidden tab). */
export function useKycData(options: { widgetOpen: boolean }) {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({
    queryKey: KYC_DATA_QUERY_KEY,
    queryFn: () => fetchKycData(api),
    enabled: signedIn,
    refetchInterval: (query: Query<KycData, Error>) =>
      options.widgetOpen ? POLL_MS.widget : inReview(query.state.data) ? POLL_MS.inReview : POLL_MS.idle,
    refetchOnWindowFocus: true,
  });
}

/** POST /v5/kyc/start: a short-lived token for the widget (also its updateAccessToken). */
export async function startKyc(api: Api): Promise<string> {
  const answer = await unwrap(api.POST("/v5/kyc/start"));
  return answer.data.token;
}

/**
 * The limit increase at KYC_2 (docs/kyc.md): POST /v2/customer/kyc3/start stores a request
 * UNDER_REVIEW for operators (asked again while open, it answers the same one).
 */
export async function requestLimitIncrease(api: Api): Promise<void> {
  await unwrap(api.POST("/v2/customer/kyc3/start"));
}
