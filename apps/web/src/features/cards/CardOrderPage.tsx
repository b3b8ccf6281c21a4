import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "../../components/Button.tsx";
import { FormError } from "../../components/FormError.tsx";
import { CancelOrderModal } from "../../components/modal/CancelOrderModal.tsx";
import { RowsSkeleton } from "../../components/skeleton/RowsSkeleton.tsx";
import { Stepper } from "../../components/stepper/Stepper.tsx";
import { isOfferGone } from "../../lib/http/offer-gone.ts";
import { ROUTES } from "../../lib/routes.ts";
import {
  CARD_PROGRAMS,
  type CardProgram,
  useCardList,
  useCardOrderActions,
  useCardPrices,
} from "./api/cards-queries.ts";
import { AddressStep } from "./components/order/AddressStep.tsx";
import { CardholderStep } from "./components/order/CardholderStep.tsx";
import { CardTypeStep } from "./components/order/CardTypeStep.tsx";
import { CheckoutStep } from "./components/order/CheckoutStep.tsx";
import { InformationStep } from "./components/order/InformationStep.tsx";
import { VerificationStep } from "./components/order/VerificationStep.tsx";
import { ORDER_STEPS, screenOf } from "./order-steps.ts";
import "./cards.css";

/**
 * /cards/order: the six steps of spec §2. The order lives on the server: each step writes it,
 * and the card list says where it resumes (`step`), so an unfinished order opens where it stopped.
 */
export function CardOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const program: CardProgram = CARD_PROGRAMS.includes(params.get("cp") as CardProgram)
    ? (params.get("cp") as CardProgram)
    : "CP_1";
  const prices = useCardPrices(program);
  const list = useCardList(program, prices.isSuccess);
  const actions = useCardOrderActions(program);
  const [cancelOpen, setCancelOpen] = useState(false);
  const wanted = params.get("request");
  const orders = (list.data?.cards ?? []).filter((c) => c.id === null && c.status === "COLLECTION");
  const order = orders.find((c) => c.cardRequestId === wanted) ?? (wanted ? undefined : orders[0]);
  const screen = order ? screenOf(order.step) : "CARD_TYPE";
  const index = ORDER_STEPS.indexOf(screen);

  if (prices.isPending || (prices.isSuccess && list.isPending)) {
    // The page's title and its step's card hold their place while the order is read.
    return (
      <div className="k-card-order">
        <h1 className="k-page-title">{t("cardOrder.title")}</h1>
        <section className="k-surface">
          <RowsSkeleton />
        </section>
      </div>
    );
  }
  if (prices.error || list.error) {
    return (
      <div className="k-card-order">
        <h1 className="k-page-title">{t("cardOrder.title")}</h1>
        <FormError error={prices.error ?? list.error ?? undefined} />
      </div>
    );
  }
  const requestId = order?.cardRequestId ?? "";
  return (
    <div className="k-card-order">
      <h1 className="k-page-title">{t("cardOrder.title")}</h1>
      <p className="k-cards__muted">{prices.data?.name}</p>
      <Stepper
        steps={ORDER_STEPS.map((s) => t(`cardOrder.steps.${s}`))}
        current={index}
        progressText={t("cardOrder.stepOf", { n: index + 1 })}
        label={t("cardOrder.title")}
      />
      <section className="k-surface" aria-labelledby="card-order-step">
        <h2 id="card-order-step" className="k-cards__heading">
          {t(`cardOrder.steps.${screen}`)}
        </h2>
        {screen === "CARD_TYPE" ? (
          <CardTypeStep
            prices={prices.data}
            pending={actions.create.isPending}
            error={actions.create.error ?? undefined}
            onSubmit={(v) =>
              actions.create.mutate(v, {
                onSuccess: ({ id }) => setParams({ cp: program, request: id }, { replace: true }),
              })
            }
          />
        ) : null}
        {screen === "VERIFICATION" ? (
          <VerificationStep
            kycStatus={list.data?.kycStatus.status ?? "NONE"}
            onRefresh={() => void list.refetch()}
          />
        ) : null}
        {screen === "INFORMATION" ? (
          <InformationStep
            program={program}
            pending={actions.information.isPending}
            error={actions.information.error ?? undefined}
            onSubmit={(v) => actions.information.mutate(v)}
          />
        ) : null}
        {screen === "CARDHOLDER_NAME" ? (
          <CardholderStep
            pending={actions.cardholder.isPending}
            error={actions.cardholder.error ?? undefined}
            onSubmit={(v) => actions.cardholder.mutate({ id: requestId, ...v })}
          />
        ) : null}
        {screen === "BILLING_ADDRESS" ? (
          <AddressStep
            program={program}
            plastic={order?.cardType === "PLASTIC"}
            pending={actions.address.isPending}
            error={actions.address.error ?? undefined}
            onSubmit={(body) => actions.address.mutate({ id: requestId, body })}
          />
        ) : null}
        {screen === "CHECKOUT" && order ? (
          <CheckoutStep
            program={program}
            requestId={requestId}
            pending={actions.pay.isPending}
            error={actions.pay.error ?? undefined}
            onPay={(offerId, onRefused) =>
              actions.pay.mutate(offerId, {
                onSuccess: () => navigate(ROUTES.cards),
                // Lapsed or replaced: nothing moved; a new price is shown and Pay asks again.
                onError: (e) => (isOfferGone(e) ? onRefused() : undefined),
              })
            }
          />
        ) : null}
      </section>
      {order ? (
        <Button variant="ghost" onClick={() => setCancelOpen(true)}>
          {t("cards.cancelOrder")}
        </Button>
      ) : null}
      <FormError error={actions.cancel.error ?? undefined} />
      <CancelOrderModal
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        pending={actions.cancel.isPending}
        onConfirmCancel={() =>
          actions.cancel.mutate(requestId, {
            onSuccess: () => navigate(ROUTES.cards),
            onSettled: () => setCancelOpen(false),
          })
        }
      />
    </div>
  );
}
