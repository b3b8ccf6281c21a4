import { ApiError, unwrap } from "@kestrel/api-client";
import { OPERATOR_ROLE_PHRASES } from "@kestrel/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ErrorMessage, Field, Loading, Section, Status, Table } from "../../components/kit.tsx";
import { api, when } from "../../lib/api.ts";
import { useMe } from "../../lib/me.ts";
import { wordFor } from "../../lib/words.ts";

type Row = { id: string; email: string; role: string; disabledAt: string | null; createdAt: string };

/** The merchant's operators; an admin disables one with a reason (their sessions end). */
export function OperatorsPage() {
  const me = useMe();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Row | undefined>();
  const list = useQuery({
    queryKey: ["operators"],
    queryFn: () => unwrap(api.GET("/admin/v1/operators")),
  });
  const disable = useMutation({
    mutationFn: (v: { id: string; reason: string }) =>
      unwrap(
        api.POST("/admin/v1/operators/{operatorId}/disable", {
          params: { path: { operatorId: v.id } },
          body: { reason: v.reason },
        }),
      ),
    onSuccess: () => {
      setTarget(undefined);
      void queryClient.invalidateQueries({ queryKey: ["operators"] });
    },
  });

  if (list.isPending) return <Loading />;
  if (list.error || !list.data) return <ErrorMessage error={list.error} />;
  const reasonError =
    disable.error instanceof ApiError && disable.error.field === "reason" ? disable.error.message : undefined;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!target) return;
    const reason = String(new FormData(e.currentTarget).get("reason") ?? "").trim();
    disable.mutate({ id: target.id, reason });
  };

  return (
    <>
      <h1>Operators</h1>
      <Section title="Operators of this merchant">
        <Table<Row>
          caption="Operators"
          rows={list.data.operators}
          rowKey={(o) => o.id}
          empty="No operators."
          columns={[
            { header: "Email", cell: (o) => o.email },
            { header: "Role", cell: (o) => wordFor(OPERATOR_ROLE_PHRASES, o.role) },
            { header: "Since", cell: (o) => when(o.createdAt) },
            {
              header: "Status",
              cell: (o) => (
                <>
                  <Status value={o.disabledAt ? "DISABLED" : "ACTIVE"} />{" "}
                  {o.disabledAt ? when(o.disabledAt) : ""}
                </>
              ),
            },
            {
              header: "Action",
              cell: (o) =>
                o.disabledAt || o.id === me.operator.id ? null : (
                  <button type="button" className="button secondary" onClick={() => setTarget(o)}>
                    Disable<span className="visually-hidden"> {o.email}</span>
                  </button>
                ),
            },
          ]}
        />
      </Section>
      {target ? (
        <Section title={`Disable ${target.email}`}>
          <form onSubmit={submit} noValidate>
            <p className="muted">Their sessions end at once and they can no longer sign in.</p>
            <Field id="reason" label="Reason (for the audit trail)" error={reasonError}>
              <textarea
                id="reason"
                name="reason"
                rows={2}
                maxLength={1000}
                required
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? "reason-error" : undefined}
              />
            </Field>
            <ErrorMessage error={disable.error && !reasonError ? disable.error : undefined} />
            <div className="actions">
              <button className="button" type="submit" disabled={disable.isPending}>
                Disable the operator
              </button>
              <button type="button" className="button secondary" onClick={() => setTarget(undefined)}>
                Cancel
              </button>
            </div>
          </form>
        </Section>
      ) : null}
    </>
  );
}
