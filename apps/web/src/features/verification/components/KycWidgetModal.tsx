import { type KycWidget, mount } from "@kestrel/kyc-sdk";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/modal/Modal.tsx";
import { useSettingsData } from "../../../lib/config-service/queries.ts";
import type { Profile } from "../../../lib/customer/profile-queries.ts";

/** The widget is served by our own server (apps/kyc-widget at /embed/kyc/v1/). */
const widgetUrl = () => new URL("/embed/kyc/v1/", window.location.origin).href;

export interface KycWidgetModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The widget token from POST /v5/kyc/start. */
  token: string;
  /** A new widget token (POST /v5/kyc/start again), when the widget reports its token expired. */
  newToken: () => Promise<string>;
  profile: Profile;
}

/** The KYC widget modal (spec §2): the verification widget, mounted through @kestrel/kyc-sdk. */
export function KycWidgetModal(props: KycWidgetModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      a11yTitle={t("verification.widgetTitle")}
      width={560}
    >
      <KycFrame token={props.token} newToken={props.newToken} profile={props.profile} />
    </Modal>
  );
}

/** The protocol takes a language code such as "en"; anything else (a test's "cimode") reads as English. */
const widgetLanguage = (language: string) => {
  const code = language.slice(0, 2).toLowerCase();
  return /^[a-z]{2}$/.test(code) ? code : "en";
};

function KycFrame({ token, newToken, profile }: Omit<KycWidgetModalProps, "open" | "onOpenChange">) {
  const { i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const primaryColor = useSettingsData().data?.buttonColor1;
  // Read when the widget asks, so a new callback never remounts the frame.
  const latest = useRef({ newToken, profile, language: i18n.language, primaryColor });
  latest.current = { newToken, profile, language: i18n.language, primaryColor };

  useEffect(() => {
    const { profile: p, language, primaryColor: color } = latest.current;
    let widget: KycWidget | undefined;
    try {
      widget = mount(container.current, {
        url: widgetUrl(),
        accessToken: token,
        updateAccessToken: () => latest.current.newToken(),
        language: widgetLanguage(language),
        email: p.email,
        phone: p.phone,
        country: p.residenceCountry,
        options: color ? { primaryColor: color } : {},
      });
    } catch (error) {
      console.error(error);
    }
    return () => widget?.destroy();
  }, [token]);

  return <div ref={container} className="k-kyc-frame" />;
}
