import { ApiError } from "@kestrel/api-client";
import { useState } from "react";
import { Section } from "../../components/kit.tsx";
import { type Config, useSaveSection } from "./config-api.ts";
import { SaveBar } from "./SaveBar.tsx";

/** Overrides of the customer app's texts, by the app's own dotted keys (e.g. home.title). */
export function TextsSection(props: { texts: Config["texts"]; canSave: boolean }) {
  const [rows, setRows] = useState(() =>
    Object.entries(props.texts.textOverrides).map(([key, value], i) => ({ id: i, key, value })),
  );
  const save = useSaveSection("texts");
  const failed = save.error instanceof ApiError ? save.error.field : undefined;
  const set = (id: number, patch: Partial<{ key: string; value: string }>) =>
    setRows((all) => all.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  return (
    <Section title="Texts" id="config-texts">
      {rows.length === 0 ? <p className="muted">No overrides: the app's own texts are shown.</p> : null}
      <ul className="rows">
        {rows.map((r) => (
          <li key={r.id} className="row">
            <label>
              Key
              <input
                value={r.key}
                disabled={!props.canSave}
                aria-invalid={failed?.startsWith("textOverrides") ? true : undefined}
                onChange={(e) => set(r.id, { key: e.target.value })}
              />
            </label>
            <label>
              Text
              <input
                value={r.value}
                disabled={!props.canSave}
                onChange={(e) => set(r.id, { value: e.target.value })}
              />
            </label>
            {props.canSave ? (
              <button
                type="button"
                className="button secondary"
                onClick={() => setRows((all) => all.filter((x) => x.id !== r.id))}
              >
                Remove<span className="visually-hidden"> {r.key}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {props.canSave ? (
        <button
          type="button"
          className="button secondary"
          onClick={() => setRows((all) => [...all, { id: Date.now(), key: "", value: "" }])}
        >
          Add a text
        </button>
      ) : null}
      <SaveBar
        label="texts"
        mutation={save}
        canSave={props.canSave}
        onSave={(reason) =>
          save.mutate({
            textOverrides: Object.fromEntries(rows.map((r) => [r.key.trim(), r.value])),
            ...(reason ? { reason } : {}),
          })
        }
      />
    </Section>
  );
}
