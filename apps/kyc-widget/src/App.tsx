import type { DocumentSettings, InitMessage, Theme } from "@kestrel/kyc-sdk";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type Country, createKycApi, type KycData } from "./api/kyc-api.ts";
import type { Bridge } from "./embed/bridge.ts";
import { useFrameReports } from "./embed/use-frame-reports.ts";
import { afterCapture, chooseDocument, type Flow, previousStep, START, stepsOf } from "./flow/flow.ts";
import { type Language, supportedLanguage, TextsProvider, useTexts } from "./i18n/i18n.tsx";
import { applyLook } from "./look.ts";
import { CaptureStep } from "./steps/CaptureStep.tsx";
import { DocumentStep } from "./steps/DocumentStep.tsx";
import { ErrorScreen, MessageScreen } from "./steps/ErrorScreen.tsx";
import { Header } from "./steps/Header.tsx";
import { ReviewStep } from "./steps/ReviewStep.tsx";
import { StatusScreen, statusKind } from "./steps/StatusScreen.tsx";

type Screen =
  | { name: "notFramed" }
  | { name: "waiting" }
  | { name: "steps" }
  | { name: "status"; data: KycData }
  | { name: "error"; error: unknown; retry: () => void };

/** The widget: waits for the host's init, then shows the customer's status or the steps. */
export function App(props: { bridge: Bridge }) {
  const [lang, setLang] = useState<Language>("en");
  return (
    <TextsProvider lang={lang}>
      <Widget bridge={props.bridge} setLang={setLang} />
    </TextsProvider>
  );
}

function Widget({ bridge, setLang }: { bridge: Bridge; setLang: (lang: Language) => void }) {
  const { t, lang } = useTexts();
  const token = useRef("");
  const [screen, setScreen] = useState<Screen>(bridge.framed ? { name: "waiting" } : { name: "notFramed" });
  const [flow, setFlow] = useState<Flow>(START);
  const [countries, setCountries] = useState<Country[]>([]);
  const [settings, setSettings] = useState<{ documents?: DocumentSettings; country?: string }>({});
  const [theme, setTheme] = useState<Theme>("light");
  const [accent, setAccent] = useState<string>();
  const initialized = useRef(false);
  const back = useRef<() => void>(() => {});
  const root = useRef<HTMLDivElement>(null);

  const api = useMemo(
    () =>
      createKycApi({
        token: () => token.current,
        renewToken: async (reason) => {
          token.current = await bridge.requestToken(reason);
        },
      }),
    [bridge],
  );

  const fail = useCallback(
    (error: unknown, retry: () => void) => {
      bridge.post({ type: "error", message: error instanceof Error ? error.message : String(error) });
      setScreen({ name: "error", error, retry });
    },
    [bridge],
  );

  const show = useCallback((data: KycData) => {
    setScreen(statusKind(data) ? { name: "status", data } : { name: "steps" });
  }, []);

  const load = useCallback(async () => {
    setScreen({ name: "waiting" });
    try {
      show(await api.getData());
      if (!initialized.current) bridge.post({ type: "initialized" });
      initialized.current = true;
    } catch (e) {
      fail(e, () => void load());
    }
  }, [api, bridge, show, fail]);

  // Stable, so the status screen's polling is not restarted (and its answer dropped) by a render.
  const failStatus = useCallback((error: unknown) => fail(error, () => void load()), [fail, load]);

  const onInit = useCallback(
    (m: InitMessage) => {
      token.current = m.accessToken;
      setLang(supportedLanguage(m.language));
      setTheme(m.options?.theme ?? "light");
      setAccent(m.options?.primaryColor);
      setSettings({ documents: m.documentSettings, country: m.country });
      void load();
      api.countries().then(setCountries, () => setCountries([]));
    },
    [api, load, setLang],
  );

  useEffect(
    () =>
      bridge.subscribe((m) => {
        if (m.type === "init") onInit(m);
        else if (m.type === "language") setLang(supportedLanguage(m.lang));
        else if (m.type === "theme") setTheme(m.theme);
        else if (m.type === "navigateBack") back.current();
        else if (m.type === "accessTokenUpdate" && "accessToken" in m) token.current = m.accessToken;
      }),
    [bridge, onInit, setLang],
  );
  // After the subscription above: the host answers `ready` with `init`. Once per page, also when
  // React runs effects twice (development), or the host would initialise the widget twice.
  useEffect(() => bridge.ready(), [bridge]);
  useEffect(() => applyLook(document.documentElement, theme, accent), [theme, accent]);
  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = t.title;
  }, [lang, t]);
  useFrameReports(bridge, root, `${screen.name}:${flow.step}`);

  const previous = screen.name === "steps" ? previousStep(flow) : undefined;
  back.current = () => previous && setFlow((f) => ({ ...f, step: previous }));
  const steps = stepsOf(flow.kind);

  return (
    <div ref={root} className="widget">
      {screen.name === "notFramed" && <MessageScreen heading={t.title} text={t.notFramed} />}
      {screen.name === "waiting" && <MessageScreen heading={t.title} text={t.loading} busy />}
      {screen.name === "error" && <ErrorScreen error={screen.error} onRetry={screen.retry} />}
      {screen.name === "status" && (
        <StatusScreen
          data={screen.data}
          api={api}
          onUpdate={show}
          onRetry={() => {
            setFlow({ ...START, kind: flow.kind, country: flow.country, issuedDate: flow.issuedDate });
            setScreen({ name: "steps" });
          }}
          onError={failStatus}
        />
      )}
      {screen.name === "steps" && (
        <>
          <Header
            onBack={previous ? () => back.current() : undefined}
            step={{ current: steps.indexOf(flow.step) + 1, total: steps.length }}
          />
          {flow.step === "document" && (
            <DocumentStep
              countries={countries}
              settings={settings.documents}
              initial={{
                kind: flow.kind,
                country: flow.country ?? settings.country,
                issuedDate: flow.issuedDate,
              }}
              onContinue={(choice) => setFlow((f) => chooseDocument(f, choice))}
            />
          )}
          {(flow.step === "front" || flow.step === "back" || flow.step === "selfie") && flow.kind && (
            <CaptureStep
              key={flow.step}
              side={flow.step}
              kind={flow.kind}
              value={flow[flow.step]}
              onChange={(capture) => setFlow((f) => ({ ...f, [f.step]: capture }))}
              onContinue={() => setFlow(afterCapture)}
            />
          )}
          {flow.step === "review" && (
            <ReviewStep
              flow={flow}
              api={api}
              onChange={(step) => setFlow((f) => ({ ...f, step }))}
              onSubmitted={(data) => setScreen({ name: "status", data })}
              onError={(e) => fail(e, () => setScreen({ name: "steps" }))}
            />
          )}
        </>
      )}
    </div>
  );
}
