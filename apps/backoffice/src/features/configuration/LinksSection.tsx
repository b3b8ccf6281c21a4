import { useState } from "react";
import { Field, Section } from "../../components/kit.tsx";
import { type Config, fieldError, useSaveSection } from "./config-api.ts";
import { SaveBar } from "./SaveBar.tsx";

type Links = Config["links"];

/** Documents, social links and how customers reach support. */
export function LinksSection(props: { links: Links; canSave: boolean }) {
  const [l, setL] = useState(props.links);
  const save = useSaveSection("links");
  const off = !props.canSave;
  const nullable = (v: string) => (v.trim() ? v.trim() : null);
  const setDoc = (i: number, patch: Partial<Links["documents"][number]>) =>
    setL((v) => ({ ...v, documents: v.documents.map((d, j) => (j === i ? { ...d, ...patch } : d)) }));
  const setSocial = (i: number, patch: Partial<Links["social"][number]>) =>
    setL((v) => ({ ...v, social: v.social.map((d, j) => (j === i ? { ...d, ...patch } : d)) }));
  return (
    <Section title="Documents and social" id="config-links">
      <div className="grid">
        <Field id="supportChatKey" label="Support chat key" error={fieldError(save.error, "supportChatKey")}>
          <input
            id="supportChatKey"
            value={l.supportChatKey ?? ""}
            disabled={off}
            onChange={(e) => setL({ ...l, supportChatKey: nullable(e.target.value) })}
          />
        </Field>
        <Field id="supportEmail" label="Support email" error={fieldError(save.error, "supportEmail")}>
          <input
            id="supportEmail"
            type="email"
            value={l.supportEmail ?? ""}
            disabled={off}
            onChange={(e) => setL({ ...l, supportEmail: nullable(e.target.value) })}
          />
        </Field>
        <Field id="supportUrl" label="Support page" error={fieldError(save.error, "supportUrl")}>
          <input
            id="supportUrl"
            value={l.supportUrl ?? ""}
            disabled={off}
            onChange={(e) => setL({ ...l, supportUrl: nullable(e.target.value) })}
          />
        </Field>
      </div>
      <h3>Documents</h3>
      <ul className="rows">
        {l.documents.map((d, i) => (
          <li key={`doc-${i.toString()}`} className="row">
            <label>
              Key
              <input value={d.key} disabled={off} onChange={(e) => setDoc(i, { key: e.target.value })} />
            </label>
            <label>
              Title
              <input value={d.title} disabled={off} onChange={(e) => setDoc(i, { title: e.target.value })} />
            </label>
            <label>
              Address
              <input value={d.url} disabled={off} onChange={(e) => setDoc(i, { url: e.target.value })} />
            </label>
            {fieldError(save.error, `documents.${i}.url`) ? (
              <p className="field-error">{fieldError(save.error, `documents.${i}.url`)}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {props.canSave ? (
        <button
          type="button"
          className="button secondary"
          onClick={() => setL({ ...l, documents: [...l.documents, { key: "", title: "", url: "" }] })}
        >
          Add a document
        </button>
      ) : null}
      <h3>Social links</h3>
      <ul className="rows">
        {l.social.map((s, i) => (
          <li key={`social-${i.toString()}`} className="row">
            <label>
              Name
              <input value={s.name} disabled={off} onChange={(e) => setSocial(i, { name: e.target.value })} />
            </label>
            <label>
              Address
              <input value={s.url} disabled={off} onChange={(e) => setSocial(i, { url: e.target.value })} />
            </label>
          </li>
        ))}
      </ul>
      {props.canSave ? (
        <button
          type="button"
          className="button secondary"
          onClick={() => setL({ ...l, social: [...l.social, { name: "", url: "" }] })}
        >
          Add a social link
        </button>
      ) : null}
      <SaveBar
        label="documents and social"
        mutation={save}
        canSave={props.canSave}
        onSave={(reason) => save.mutate({ ...l, ...(reason ? { reason } : {}) })}
      />
    </Section>
  );
}
