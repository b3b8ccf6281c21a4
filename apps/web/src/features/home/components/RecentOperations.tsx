import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HistoryList } from "../../../components/history/HistoryList.tsx";
import { OperationDetailsModal } from "../../../components/history/OperationDetailsModal.tsx";
import { type HistoryOperation, useHistory } from "../../../lib/history/history-queries.ts";
import { ROUTES } from "../../../lib/routes.ts";

const RECENT = 5;
const NO_FILTERS = { type: "", currency: "" } as const;

/** Home: the latest operations, each opening its details, and a way to the whole history. */
export function RecentOperations() {
  const { t } = useTranslation();
  const headingId = useId();
  const history = useHistory(NO_FILTERS);
  const [open, setOpen] = useState<HistoryOperation | undefined>();
  const recent = history.data?.pages[0]?.operations.slice(0, RECENT) ?? [];
  if (recent.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="k-home__subtitle">
        {t("home.recent")}
      </h2>
      <HistoryList operations={recent} onOpen={setOpen} />
      <p>
        <Link className="k-link" to={ROUTES.history}>
          {t("home.allHistory")}
        </Link>
      </p>
      <OperationDetailsModal operation={open} onClose={() => setOpen(undefined)} />
    </section>
  );
}
