import { useTranslation } from "react-i18next";
import type { CaptchaState } from "../hooks/use-captcha.ts";

/** What the proof of work is doing, once it has started; announced politely. */
export function CaptchaStatus({ state }: { state: CaptchaState }) {
  const { t } = useTranslation();
  if (state.status === "idle") return null;
  if (state.status === "solved") {
    return (
      <p role="status" className="k-captcha k-captcha--solved">
        {t("auth.captcha.verified")}
      </p>
    );
  }
  if (state.status === "failed") {
    return (
      <p role="status" className="k-captcha">
        {t("auth.captcha.failed")}
      </p>
    );
  }
  return (
    <div role="status" className="k-captcha">
      <span>{t("auth.captcha.verifying")}</span>
      <progress
        className="k-captcha__progress"
        max={100}
        value={Math.round(state.progress * 100)}
        aria-label={t("auth.captcha.verifying")}
      />
    </div>
  );
}
