import type { QueryClient } from "@tanstack/react-query";
import {
  bannersQuery,
  configQueryKeys,
  faqQuery,
  filesLinksQuery,
  merchantSocialQuery,
} from "../lib/config-service/queries.ts";
import type { MerchantData } from "../lib/config-service/schemas.ts";
import { profileQuery } from "../lib/customer/profile-queries.ts";
import { customerKycQuery } from "../lib/kyc/use-customer-kyc.ts";
import { operationsCatalogQuery } from "../lib/operations/operations-catalog.ts";
import { firstCalls } from "../lib/session/first-calls.ts";
import type { AppServices } from "./AppProviders.tsx";

const KYC_DATA_CALL = "/v2/customer/kyc/data";

/**
 * What a page behind a session needs before the app's first render: the session, then the
 * answers its guards wait for (the profile on every page, the verification on an operation's).
 * The server's frame is on screen meanwhile, so waiting costs nothing visible; the first render is
 * then the screen itself, in one pass React can split (main.tsx renders it in a transition),
 * rather than a spinner followed by renders React must finish at once as each answer arrives.
 * The merchant comes from the answers the page came with (seeded in createAppServices);
 * SessionProvider's own start then finds the refresh under way. The answers come from
 * session-start's early calls when it made them (lib/http/early-answers.ts).
 */
export async function sessionBeforeRender(
  { session, queryClient }: AppServices,
  locale = "en",
): Promise<void> {
  const merchantId = queryClient.getQueryData<MerchantData>(
    configQueryKeys.info(locale, "merchantData"),
  )?.merchantBackendId;
  session.setMerchantId(merchantId);
  session.start();
  await new Promise<void>((resolve) => {
    const known = () => session.status() !== "restoring";
    if (known()) return resolve();
    const stop = session.subscribe(() => {
      if (!known()) return;
      stop();
      resolve();
    });
  });
  if (session.status() !== "signedIn") return;
  const calls = firstCalls(location.pathname, merchantId);
  const operationPage = calls?.signedIn.includes(KYC_DATA_CALL);
  await Promise.all([
    queryClient.prefetchQuery(profileQuery(session.api)),
    operationPage ? queryClient.prefetchQuery(customerKycQuery(session.api)) : undefined,
    ...frameQueries(locale, merchantId)
      .filter(({ path }) => calls?.open.includes(path))
      .map(({ read }) => read(queryClient)),
  ]);
}

/**
 * The frame's answers (the operations on the tabs and quick actions, the side and bottom banners,
 * the footer's links, home's FAQ), read before the first render too: each one arriving after it
 * was a render React must finish at once (an update of a query's store cannot be split), and the
 * side banners' re-drew the whole frame (docs/web-performance.md, issue 47). Only those the page
 * asks for first (lib/session/first-calls.ts), whose answers session-start has on the way.
 */
type FrameQuery = { path: string; read: (client: QueryClient) => Promise<void> };

function frameQueries(locale: string, merchantId: string | undefined): FrameQuery[] {
  const queries: Array<{ path: string; read: (client: QueryClient) => Promise<void> }> = [
    { path: "/web/info?locale=en&variant=filesLinks", read: (c) => c.prefetchQuery(filesLinksQuery(locale)) },
    {
      path: "/web/info?locale=en&variant=merchantSocial",
      read: (c) => c.prefetchQuery(merchantSocialQuery(locale)),
    },
    {
      path: "/web/banners?locale=en&bannerPosition=right",
      read: (c) => c.prefetchQuery(bannersQuery(locale, "right")),
    },
    {
      path: "/web/banners?locale=en&bannerPosition=bottom",
      read: (c) => c.prefetchQuery(bannersQuery(locale, "bottom")),
    },
  ];
  if (!merchantId) return queries;
  return [
    ...queries,
    { path: "/v2/catalog/operations", read: (c) => c.prefetchQuery(operationsCatalogQuery(merchantId)) },
    {
      path: `/web/faq?locale=en&merchantId=${merchantId}`,
      read: (c) => c.prefetchQuery(faqQuery(locale, merchantId)),
    },
  ];
}
