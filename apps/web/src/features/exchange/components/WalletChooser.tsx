import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/modal/Modal.tsx";
import { TextField } from "../../../components/TextField.tsx";
import { formatMoney } from "../../../lib/format/money.ts";
import { filterBySearch } from "../../../lib/format/search-filter.ts";
import type { WalletChoice } from "../exchange-pairs.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-exchange.ts";

export interface WalletChooserProps {
  /** "From" or "To": names the button and the dialog. */
  label: string;
  choices: readonly WalletChoice[];
  value: string | undefined;
  onChange: (currency: string) => void;
}

/** A button showing the chosen wallet; it opens a searchable list (spec §5: code or name). */
export function WalletChooser({ label, choices, value, onChange }: WalletChooserProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const shown = filterBySearch(choices, search);
  const chosen = choices.find((c) => c.currency === value);
  const labelId = useId();
  const buttonId = useId();

  return (
    <div className="k-exchange__chooser">
      <span id={labelId} className="k-field__label">
        {label}
      </span>
      {/* Named "From USDT Tether": the label, then what the button shows, so a voice command
          saying the visible text finds it (axe label-content-name-mismatch). */}
      <button
        id={buttonId}
        type="button"
        className="k-exchange__wallet"
        aria-labelledby={`${labelId} ${buttonId}`}
        onClick={() => {
          setSearch("");
          setOpen(true);
        }}
      >
        <strong>{value ?? "—"}</strong>{" "}
        {chosen ? <span className="k-exchange__muted">{chosen.name}</span> : null}
      </button>
      <Modal open={open} onOpenChange={setOpen} title={t("exchange.chooseWallet")}>
        <TextField
          label={t("exchange.search")}
          value={search}
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
        <ul className="k-exchange__choices" aria-label={label}>
          {shown.map((choice) => (
            <li key={choice.currency}>
              <button
                type="button"
                className="k-exchange__choice"
                disabled={choice.locked}
                aria-pressed={choice.currency === value}
                onClick={() => {
                  onChange(choice.currency);
                  setOpen(false);
                }}
              >
                <strong>{choice.currency}</strong>
                <span>{choice.name}</span>
                <span className="k-exchange__muted">
                  {choice.locked
                    ? t("exchange.locked")
                    : choice.available !== undefined
                      ? formatMoney(choice.available, choice.currency)
                      : ""}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {shown.length === 0 ? <p>{t("exchange.searchEmpty")}</p> : null}
      </Modal>
    </div>
  );
}
