import { useState } from "react";
import { Field, Section } from "../../components/kit.tsx";
import { type Config, fieldError, useSaveSection } from "./config-api.ts";
import { SaveBar } from "./SaveBar.tsx";

type Programs = Config["cardPrograms"];
const PROGRAMS = ["CP_1", "CP_2"] as const;

/** How the merchant names its card programs; empty: the generic "<merchant> card". */
export function CardProgramsSection(props: { programs: Programs; canSave: boolean }) {
  const [p, setP] = useState(props.programs);
  const save = useSaveSection("cardPrograms");
  const set = (program: (typeof PROGRAMS)[number], patch: { name?: string; description?: string }) =>
    setP((v) => {
      const next = { name: "", description: "", ...v[program], ...patch };
      return { ...v, [program]: next.name.trim() || next.description.trim() ? next : null };
    });
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
