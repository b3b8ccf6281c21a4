import { useState } from "react";
import { Field, Section } from "../../components/kit.tsx";
import { type Config, fieldError, useSaveSection } from "./config-api.ts";
import { SaveBar } from "./SaveBar.tsx";

type Programs = Config["cardPrograms"];
const PROGRAMS = ["CP_1", "CP_2"] as const;
type Program = (typeof PROGRAMS)[number];
/** Spec §3's card colours, by the id the customer's order sends (GET /v2/card/prices lists them). */
const DESIGNS = [
  { id: 1, name: "Black", hex: "#1B1B1F" },
  { id: 2, name: "Blue", hex: "#1F3FBF" },
  { id: 3, name: "Orange", hex: "#F2762E" },
  { id: 4, name: "Purple", hex: "#6B3FBF" },
  { id: 5, name: "Gold", hex: "#C9A23F" },
] as const;

/** How the merchant names its card programs (empty: the generic "<merchant> card") and which designs each offers. */
export function CardProgramsSection(props: { programs: Programs; canSave: boolean }) {
  const [p, setP] = useState(props.programs);
  const save = useSaveSection("cardPrograms");
  const set = (program: Program, patch: { name?: string; description?: string }) =>
    setP((v) => {
      const next = { name: "", description: "", ...v[program], ...patch };
      return { ...v, [program]: next.name.trim() || next.description.trim() ? next : null };
    });
  // The server always answers every program's designs; absent would mean all of them.
  const designsOf = (program: Program) => p.designs?.[program] ?? DESIGNS.map((d) => d.id);
  const toggle = (program: Program, id: number, on: boolean) => {
    const ids = designsOf(program).filter((d) => d !== id);
    const designs = { CP_1: designsOf("CP_1"), CP_2: designsOf("CP_2") };
    setP((v) => ({
      ...v,
      designs: { ...designs, [program]: on ? [...ids, id].sort((a, b) => a - b) : ids },
    }));
  };
  return (
    <Section title="Card programs" id="config-card-programs">
      <div className="grid">
        {PROGRAMS.map((program) => (
          <fieldset key={program} className="config-group">
            <legend>{program.replace("_", " ")}</legend>
            <Field
              id={`${program}-name`}
              label="Display name"
              error={fieldError(save.error, `${program}.name`)}
            >
              <input
                id={`${program}-name`}
                value={p[program]?.name ?? ""}
                maxLength={60}
                disabled={!props.canSave}
                onChange={(e) => set(program, { name: e.target.value })}
              />
            </Field>
            <Field id={`${program}-description`} label="Short description">
              <textarea
                id={`${program}-description`}
                rows={2}
                maxLength={300}
                value={p[program]?.description ?? ""}
                disabled={!props.canSave}
                onChange={(e) => set(program, { description: e.target.value })}
              />
            </Field>
            <fieldset className="designs">
              <legend>Card designs offered</legend>
              {DESIGNS.map((d) => (
                <label key={d.id} className="check">
                  <input
                    type="checkbox"
                    checked={designsOf(program).includes(d.id)}
                    disabled={!props.canSave}
                    onChange={(e) => toggle(program, d.id, e.target.checked)}
                  />
                  <span className="design-swatch" style={{ background: d.hex }} aria-hidden="true" />
                  {d.name}
                </label>
              ))}
              {fieldError(save.error, `designs.${program}`) ? (
                <p className="field-error" id={`${program}-designs-error`} role="alert">
                  {fieldError(save.error, `designs.${program}`)}
                </p>
              ) : null}
            </fieldset>
          </fieldset>
        ))}
      </div>
      <SaveBar
        label="card programs"
        mutation={save}
        canSave={props.canSave}
        onSave={(reason) => save.mutate({ ...p, ...(reason ? { reason } : {}) })}
      />
    </Section>
  );
}
