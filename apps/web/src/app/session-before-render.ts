import { configQueryKeys } from "../lib/config-service/queries.ts";
import type { MerchantData } from "../lib/config-service/schemas.ts";
import type { AppServices } from "./AppProviders.tsx";

/**
 * Starts the silent refresh before the app's first render and resolves once the session is known
 * (signed in or out). A page behind a session comes with the server's frame on screen, so waiting
 * costs nothing visible; the first render is then the signed-in screen, in one pass React can
 * split (main.tsx renders it in a transition), rather than a spinner followed by renders React
 * must finish at once. The merchant comes from the answers the page came with (seeded in
 * createAppServices); SessionProvider's own start then finds the refresh under way.
 */
export function sessionBeforeRender({ session, queryClient }: AppServices, locale = "en"): Promise<void> {
  const merchant = queryClient.getQueryData<MerchantData>(configQueryKeys.info(locale, "merchantData"));
  session.setMerchantId(merchant?.merchantBackendId);
  session.start();
  return new Promise((resolve) => {
    const known = () => session.status() !== "restoring";
    if (known()) return resolve();
    const stop = session.subscribe(() => {
      if (!known()) return;
      stop();
      resolve();
    });
  });
}
