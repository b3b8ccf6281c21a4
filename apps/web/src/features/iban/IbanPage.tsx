import { useTranslation } from "react-i18next";
import { FormError } from "../../components/FormError.tsx";
import { RowsSkeleton } from "../../components/skeleton/RowsSkeleton.tsx";
import { useIbanList } from "./api/iban-calls.ts";
import { IbanAccount } from "./components/IbanAccount.tsx";
import { IbanOrder } from "./components/IbanOrder.tsx";
import "./iban.css";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../lib/i18n/en-iban.ts";

/**
 * /iban: the order (About, Identity verification, Additional information, Billing address), then the
 * account. A customer who may no longer order one still sees an issued account: read-only apart
 * from withdrawing, never hidden with the money on it (docs/iban.md).
 */
export function IbanPage() {
  const { t } = useTranslation();
  const list = useIbanList();
  const item = list.data?.ibans[0];
  const account = item?.iban ? item : undefined;
  return (
    <div className="k-iban">
      <div className="k-iban__header">
        <h1 className="k-page-title">{t("iban.title")}</h1>
        <p>{t("iban.intro")}</p>
      </div>
      {list.isPending ? <RowsSkeleton /> : null}
      <FormError error={list.error ?? undefined} />
      {list.data && !list.data.eligible && !account ? (
        <section className="k-surface" role="status">
          <h2 className="k-iban__heading">{t("iban.notEligible")}</h2>
          <p>{list.data.message}</p>
        </section>
      ) : null}
      {list.data && account ? (
        <IbanAccount
          item={account}
          closedReason={list.data.eligible ? undefined : (list.data.message ?? "")}
        />
      ) : null}
      {list.data?.eligible && !account ? <IbanOrder item={item} /> : null}
    </div>
  );
}
