import { useTranslation } from "react-i18next";
import { FormError } from "../../components/FormError.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { useIbanList } from "./api/iban-calls.ts";
import { IbanAccount } from "./components/IbanAccount.tsx";
import { IbanOrder } from "./components/IbanOrder.tsx";
import "./iban.css";

/** /iban: the order (About, Identity verification, Additional information, Billing address), then the account. */
export function IbanPage() {
  const { t } = useTranslation();
  const list = useIbanList();
  const item = list.data?.ibans[0];
  return (
    <div className="k-iban">
      <div className="k-iban__header">
        <h1 className="k-page-title">{t("iban.title")}</h1>
        <p>{t("iban.intro")}</p>
      </div>
      {list.isPending ? <Spinner /> : null}
      <FormError error={list.error ?? undefined} />
      {list.data && !list.data.eligible ? (
        <section className="k-surface" role="status">
          <h2 className="k-iban__heading">{t("iban.notEligible")}</h2>
          <p>{list.data.message}</p>
        </section>
      ) : null}
      {list.data?.eligible && item?.iban ? <IbanAccount item={item} /> : null}
      {list.data?.eligible && !item?.iban ? <IbanOrder item={item} /> : null}
    </div>
  );
}
