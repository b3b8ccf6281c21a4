import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { PROFILE_QUERY_KEY } from "../../../lib/customer/profile-queries.ts";
import { KYC_DATA_QUERY_KEY, KYC_LIMITS_QUERY_KEY } from "../../../lib/kyc/kyc-query-keys.ts";
import { useApi } from "../../../lib/session/session-context.tsx";
import { fetchKycData, requestLimitIncrease, startKyc, useKycData } from "../api/kyc-queries.ts";
import { type KycData, verificationAction, widgetSubmitted } from "./verification-rule.ts";

/** The modal the verification step shows, if any. */
export type FlowDialog =
  | { kind: "none" }
  | { kind: "widget"; token: string; before: KycData }
  | { kind: "underReview" }
  | { kind: "accepted" }
  | { kind: "mobileOnly" }
  | { kind: "error"; message: string };

const NONE: FlowDialog = { kind: "none" };

/**
 * The identity step's behaviour: the KYC data (read again while the page is open), and `start`,
 * which applies spec §4's rule to fresh data and opens the modal it names. The widget's success
 * shows as its submission in the KYC data, and a new level refreshes the profile and limits.
 */
export function useVerificationFlow() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<FlowDialog>(NONE);
  const [busy, setBusy] = useState(false);
  const kyc = useKycData({ widgetOpen: dialog.kind === "widget" });

  useEffect(() => {
    if (dialog.kind === "widget" && kyc.data && widgetSubmitted(dialog.before, kyc.data))
      setDialog({ kind: "underReview" });
  }, [dialog, kyc.data]);

  const level = kyc.data?.kycLevel;
  const seenLevel = useRef(level);
  useEffect(() => {
    if (level === undefined) return;
    if (seenLevel.current !== undefined && seenLevel.current !== level) {
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: KYC_LIMITS_QUERY_KEY });
    }
    seenLevel.current = level;
  }, [level, queryClient]);

  const refreshKycData = () => queryClient.invalidateQueries({ queryKey: KYC_DATA_QUERY_KEY });

  const start = async () => {
    setBusy(true);
    try {
      const data = await queryClient.fetchQuery({
        queryKey: KYC_DATA_QUERY_KEY,
        queryFn: () => fetchKycData(api),
        staleTime: 0,
      });
      const action = verificationAction(data);
      if (action === "mobileOnly") setDialog({ kind: "mobileOnly" });
      else if (action === "limitIncrease") {
        await requestLimitIncrease(api);
        setDialog({ kind: "accepted" });
        void refreshKycData();
      } else setDialog({ kind: "widget", token: await startKyc(api), before: data });
    } catch (error) {
      setDialog({ kind: "error", message: error instanceof Error ? error.message : "" });
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setDialog(NONE);
    void refreshKycData();
  };

  return { kyc, dialog, busy, start, close, newWidgetToken: () => startKyc(api) };
}
