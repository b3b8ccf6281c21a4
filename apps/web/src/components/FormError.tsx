import "./form-fields.css";
import { ApiError } from "@kestrel/api-client";
import { useTranslation } from "react-i18next";
import { formatTimer } from "../lib/format/timer.ts";
import { useCountdown } from "../lib/hooks/use-countdown.ts";

/**
 * A refused call that no single field explains, shown where the customer is looking (the top
 * banner would hide it after 3 seconds). A 429 also says when to try again.
 */
export function FormError({ error }: { error: Error | undefined }) {
  if (!error) return null;
  const wait = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  return (
    <div role="alert" className="k-form-error">
      <p>{error.message}</p>
      {/* A new error restarts the countdown: the key remounts it. */}
      {wait ? <RetryCountdown key={`${error.message}-${wait}`} seconds={wait} /> : null}
    </div>
  );
}

function RetryCountdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const { remaining } = useCountdown(seconds);
  if (remaining <= 0) return null;
  return <p>{t("auth.retryIn", { time: formatTimer(remaining) })}</p>;
}
