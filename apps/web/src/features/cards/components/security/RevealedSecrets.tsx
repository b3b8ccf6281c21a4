import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "../../../../components/CopyButton.tsx";
import { maskCardNumber } from "../../../../lib/format/card-mask.ts";
import { formatTimer } from "../../../../lib/format/timer.ts";
import { useCountdown } from "../../../../lib/hooks/use-countdown.ts";
import type { RevealedCard } from "../../api/card-security-queries.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../../lib/i18n/en-card-security.ts";

/** How long opened secrets stay on screen before they are masked again (issue 20). */
export const REVEAL_SECONDS = 30;

const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, "$1 ");

/**
 * The opened number (and for details CVV and expiry) with copy buttons for 30 seconds; then
 * `onHide` drops them and the masks of spec §9 show instead (`masked`: the list's own values).
 */
export function RevealedSecrets({
  secrets,
  details,
  masked,
  onHide,
}: {
  secrets: RevealedCard | undefined;
  details: boolean;
  masked: { number: string; cardholderName: string | null };
  onHide: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="k-card-secrets">
      <dl className="k-card-secrets__list">
        <Row label={t("cardSecurity.number")} testId="revealed-number">
          {secrets ? grouped(secrets.number) : maskCardNumber(masked.number, "full")}
          {secrets ? <CopyButton text={secrets.number} label={t("cardSecurity.copyNumber")} /> : null}
        </Row>
        {details ? (
          <>
            <Row label={t("cardSecurity.expiry")}>{secrets?.expiry ?? "••/••"}</Row>
            <Row label={t("cardSecurity.cvv")} testId="revealed-cvv">
              {secrets?.cvv ?? "•••"}
              {secrets?.cvv ? <CopyButton text={secrets.cvv} label={t("cardSecurity.copyCvv")} /> : null}
            </Row>
          </>
        ) : null}
        <Row label={t("cardSecurity.holder")}>{secrets?.cardholderName ?? masked.cardholderName ?? ""}</Row>
      </dl>
      {secrets ? (
        <HideCountdown onHide={onHide} />
      ) : (
        <p className="k-modal__text k-card-secrets__note">{t("cardSecurity.hidden")}</p>
      )}
    </div>
  );
}

/** One fact: its name, its value and (while opened) a copy button, all inside the dl's own tags. */
function Row({ label, testId, children }: { label: string; testId?: string; children: React.ReactNode }) {
  const [value, ...rest] = Array.isArray(children) ? children : [children];
  return (
    <div className="k-card-secrets__row">
      <dt>{label}</dt>
      <dd>
        <span className="k-card-secrets__value" data-testid={testId}>
          {value}
        </span>
        {rest}
      </dd>
    </div>
  );
}

function HideCountdown({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation();
  const { remaining } = useCountdown(REVEAL_SECONDS);
  useEffect(() => {
    if (remaining <= 0) onHide();
  }, [remaining, onHide]);
  return (
    <p className="k-modal__text k-card-secrets__note">
      {t("cardSecurity.hidesIn", { time: formatTimer(remaining) })}
    </p>
  );
}
