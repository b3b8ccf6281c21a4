import type { ReactNode } from "react";
import { Link } from "react-router";
import { plainWords } from "../lib/words.ts";

/** The back-office's few building blocks: labelled fields, buttons, tables, messages. */

export function Field(props: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint ? (
        <p className="hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p className="field-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <p className="error" role="alert">
      {message}
    </p>
  );
}

/** What an action came to, announced to screen readers; nothing while there is nothing to say. */
export function DoneMessage({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="ok" role="status">
      {children}
    </p>
  );
}

export function Loading() {
  return (
    <p className="muted" role="status">
      Loading…
    </p>
  );
}

export type Column<T> = { header: string; cell: (row: T) => ReactNode };

/** A table that scrolls sideways on a narrow screen instead of overflowing the page. */
export function Table<T>(props: {
  caption: string;
  rows: T[];
  columns: Column<T>[];
  empty: string;
  rowKey: (row: T) => string;
}) {
  if (props.rows.length === 0) return <p className="muted">{props.empty}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
    <section className="table-wrap" tabIndex={0} aria-label={props.caption}>
      <table>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)}>
              {props.columns.map((c) => (
                <td key={c.header}>{c.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function Section(props: { title: string; children: ReactNode; id?: string }) {
  const id = props.id ?? props.title.toLowerCase().replace(/[^a-z]+/g, "-");
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{props.title}</h2>
      {props.children}
    </section>
  );
}

/** A status as a coloured word: `value` (the code) picks the colour, `label` is what an operator reads. */
export function Status({ value, label }: { value: string; label?: string }) {
  return <span className={`status status-${value.toLowerCase()}`}>{label ?? plainWords(value)}</span>;
}

export function Dl({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="dl">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

export const IdLink = ({ to, id }: { to: string; id: string }) => (
  <Link to={to} className="mono">
    {id.slice(0, 8)}…
  </Link>
);
