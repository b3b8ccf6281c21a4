import { contrastRatio, isHex, MIN_TEXT_CONTRAST, readableTextColor } from "@kestrel/domain";
import { useState } from "react";
import { Field, Section } from "../../components/kit.tsx";
import { type Config, fieldError, useSaveSection, useUploadLogo } from "./config-api.ts";
import { SaveBar } from "./SaveBar.tsx";

type Branding = Config["branding"];
type ColourKey = "buttonColor1" | "buttonColor2" | "backgroundColor";
type TextKey = "buttonTextColor1" | "buttonTextColor2" | "textColor";

const PAIRS: { background: ColourKey; text: TextKey; legend: string; label: string; textLabel: string }[] = [
  {
    background: "buttonColor1",
    legend: "Main button",
    text: "buttonTextColor1",
    label: "Main button colour",
    textLabel: "Main button text",
  },
  {
    background: "buttonColor2",
    legend: "Second button",
    text: "buttonTextColor2",
    label: "Second button colour",
    textLabel: "Second button text",
  },
  {
    background: "backgroundColor",
    legend: "Page",
    text: "textColor",
    label: "Background colour",
    textLabel: "Text on the background",
  },
];

/** Colours (each text colour held to 4.5:1 on its background by the server), images, and a preview. */
export function BrandingSection(props: { branding: Branding; canSave: boolean }) {
  const [b, setB] = useState(props.branding);
  const save = useSaveSection("branding");
  const upload = useUploadLogo();
  const set = (patch: Partial<Branding>) => setB((v) => ({ ...v, ...patch }));
  const textOf = (p: (typeof PAIRS)[number]) => {
    const t = b[p.text];
    return isHex(t) ? t : isHex(b[p.background]) ? readableTextColor(b[p.background]) : "#000000";
  };

  return (
    <Section title="Branding" id="config-branding">
      <div className="branding">
        <div>
          {PAIRS.map((p) => {
            const ratio =
              isHex(b[p.background]) && isHex(textOf(p))
                ? contrastRatio(textOf(p), b[p.background])
                : undefined;
            return (
              <fieldset key={p.background} className="config-group">
                <legend>{p.legend}</legend>
                <ColourField
                  id={p.background}
                  label={p.label}
                  value={b[p.background]}
                  disabled={!props.canSave}
                  error={fieldError(save.error, p.background)}
                  onChange={(v) => set({ [p.background]: v })}
                />
                <label className="check">
                  <input
                    type="checkbox"
                    checked={b[p.text] === null}
                    disabled={!props.canSave}
                    onChange={(e) => set({ [p.text]: e.target.checked ? null : textOf(p) })}
                  />
                  {p.textLabel}: black or white, whichever reads
                </label>
                {b[p.text] !== null ? (
                  <ColourField
                    id={p.text}
                    label={p.textLabel}
                    value={b[p.text] ?? ""}
                    disabled={!props.canSave}
                    error={fieldError(save.error, p.text)}
                    onChange={(v) => set({ [p.text]: v })}
                  />
                ) : null}
                {ratio !== undefined ? (
                  <p className={ratio < MIN_TEXT_CONTRAST ? "field-error" : "hint"}>
                    Contrast {(Math.floor(ratio * 100) / 100).toFixed(2)}:1
                    {ratio < MIN_TEXT_CONTRAST ? " — below 4.5:1, will be refused" : ""}
                  </p>
                ) : null}
              </fieldset>
            );
          })}
          <Field
            id="horizontalImage"
            label="Logo (address)"
            error={fieldError(save.error, "horizontalImage")}
          >
            <input
              id="horizontalImage"
              value={b.horizontalImage}
              disabled={!props.canSave}
              onChange={(e) => set({ horizontalImage: e.target.value })}
            />
          </Field>
          {props.canSave ? (
            <Field
              id="logo-file"
              label="Upload a logo"
              hint="PNG, JPEG or WebP, at most 512 KB; it replaces the address above (save to apply)."
              error={upload.error ? upload.error.message : undefined}
            >
              <input
                id="logo-file"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                aria-describedby="logo-file-hint"
                disabled={upload.isPending}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) upload.mutate(file, { onSuccess: ({ url }) => set({ horizontalImage: url }) });
                }}
              />
            </Field>
          ) : null}
          <Field id="favicon" label="Favicon (address)" error={fieldError(save.error, "favicon")}>
            <input
              id="favicon"
              value={b.favicon}
              disabled={!props.canSave}
              onChange={(e) => set({ favicon: e.target.value })}
            />
          </Field>
          <Field
            id="backgroundImage"
            label="Background image (address, optional)"
            error={fieldError(save.error, "backgroundImage")}
          >
            <input
              id="backgroundImage"
              value={b.backgroundImage ?? ""}
              disabled={!props.canSave}
              onChange={(e) => set({ backgroundImage: e.target.value.trim() ? e.target.value : null })}
            />
          </Field>
        </div>
        <Preview branding={b} textOf={(i) => textOf(PAIRS[i] as (typeof PAIRS)[number])} />
      </div>
      <SaveBar
        label="branding"
        mutation={save}
        canSave={props.canSave}
        onSave={(reason) => save.mutate({ ...b, ...(reason ? { reason } : {}) })}
      />
    </Section>
  );
}

function ColourField(props: {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  return (
    <Field id={props.id} label={`${props.label} (#RRGGBB)`} error={props.error}>
      <div className="colour-input">
        <input
          type="color"
          aria-label={`${props.label}, picker`}
          value={isHex(props.value) ? props.value.toLowerCase() : "#000000"}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value.toUpperCase())}
        />
        <input
          id={props.id}
          value={props.value}
          maxLength={7}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${props.id}-error` : undefined}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </div>
    </Field>
  );
}

/**
 * The customer app's home screen drawn in the draft colours, before anything is saved. A picture
 * (SVG, one accessible name): a draft that fails contrast is shown as it would look, without
 * making the operators' own page fail it.
 */
function Preview(props: { branding: Branding; textOf: (pair: number) => string }) {
  const b = props.branding;
  const safe = (c: string, fallback: string) => (isHex(c) ? c : fallback);
  const logo = /^(https?:\/\/|\/(?!\/))/.test(b.horizontalImage) ? b.horizontalImage : undefined;
  const button = (x: number, fill: string, text: string, label: string) => (
    <g>
      <rect x={x} y={200} width={122} height={40} rx={20} fill={fill} />
      <text x={x + 61} y={225} textAnchor="middle" fill={text} fontSize={15} fontWeight={600}>
        {label}
      </text>
    </g>
  );
  return (
    <figure className="preview">
      <figcaption id="branding-preview">Preview of the customer app</figcaption>
      <svg
        viewBox="0 0 280 280"
        role="img"
        aria-labelledby="branding-preview-title"
        className="preview-screen"
      >
        <title id="branding-preview-title">The home screen in these colours</title>
        <rect x={0} y={0} width={280} height={280} rx={24} fill={safe(b.backgroundColor, "#FFFFFF")} />
        {logo ? (
          <image href={logo} x={16} y={18} height={30} width={140} preserveAspectRatio="xMinYMid meet" />
        ) : null}
        <text x={16} y={100} fill={props.textOf(2)} fontSize={14}>
          Total balance
        </text>
        <text x={16} y={140} fill={props.textOf(2)} fontSize={30} fontWeight={700}>
          €1,250.00
        </text>
        {button(12, safe(b.buttonColor1, "#000000"), props.textOf(0), "Add funds")}
        {button(146, safe(b.buttonColor2, "#000000"), props.textOf(1), "Exchange")}
      </svg>
    </figure>
  );
}
