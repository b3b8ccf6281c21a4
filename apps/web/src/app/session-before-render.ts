import { configQueryKeys } from "../lib/config-service/queries.ts";
import type { MerchantData } from "../lib/config-service/schemas.ts";
import { profileQuery } from "../lib/customer/profile-queries.ts";
import { customerKycQuery } from "../lib/kyc/use-customer-kyc.ts";
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
  const operationPage = firstCalls(location.pathname, merchantId)?.signedIn.includes(KYC_DATA_CALL);
  await Promise.all([
    queryClient.prefetchQuery(profileQuery(session.api)),
    operationPage ? queryClient.prefetchQuery(customerKycQuery(session.api)) : undefined,
  ]);
}
