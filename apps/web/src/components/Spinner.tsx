import { useTranslation } from "react-i18next";
import "./spinner.css";

export type SpinnerSize = 24 | 30 | 60;

/** Spec §9 spinner sizes. Announced once as "Loading" to assistive technology. */
export function Spinner({ size = 30, label }: { size?: SpinnerSize; label?: string }) {
  const { t } = useTranslation();
  return (
    <span
      role="status"
      aria-label={label ?? t("app.loading")}
      className="k-spinner"
      style={{ width: size, height: size, borderWidth: Math.max(3, Math.round(size / 10)) }}
    />
  );
}
