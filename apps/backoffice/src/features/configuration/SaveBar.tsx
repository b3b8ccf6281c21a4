import type { UseMutationResult } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { DoneMessage, ErrorMessage } from "../../components/kit.tsx";

/** The reason field, the Save button and what the save answered, at the foot of each section. */
export function SaveBar(props: {
  mutation: Pick<
    UseMutationResult<{ version: { version: number } | null }, Error, never>,
    "isPending" | "error" | "data" | "isSuccess"
  >;
  canSave: boolean;
  onSave: (reason: string) => void;
  label: string;
  /** The section names the failing row itself: the server's field path would repeat it. */
  errorShown?: boolean;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  // A reason belongs to one save: the next change starts without it.
  const saved = props.mutation.data;
  useEffect(() => {
    if (saved) setReason("");
  }, [saved]);
  if (!props.canSave)
    return (
      <p className="muted">You can read this section; changing it needs the config.manage permission.</p>
    );
  const { mutation } = props;
  return (
    <div className="save-bar">
      <div className="field">
        <label htmlFor={id}>Reason (shown in the version list)</label>
        <input id={id} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </div>
      {props.errorShown ? null : <ErrorMessage error={mutation.error} />}
      <DoneMessage>
        {mutation.isSuccess
          ? mutation.data?.version
            ? `Saved as version ${mutation.data.version.version}.`
            : "Nothing changed."
          : null}
      </DoneMessage>
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={mutation.isPending}
          onClick={() => props.onSave(reason.trim())}
        >
          Save {props.label}
        </button>
      </div>
    </div>
  );
}
