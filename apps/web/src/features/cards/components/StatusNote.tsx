import { useTranslation } from "react-i18next";
import { type DisplayStatus, statusTextKeys, toneOf } from "../../../lib/status/display-status.ts";

/** A display status as a chip and its explanation: why, what comes next and about how long. */
export function StatusNote({ status }: { status: DisplayStatus }) {
  const { t } = useTranslation();
  const keys = statusTextKeys(status);
  return (
    <div className="k-cards__status">
      <span className={`k-cards__chip k-cards__chip--${toneOf(status)}`}>{t(keys.label)}</span>
      <p>{t(keys.text)}</p>
    </div>
  );
}
