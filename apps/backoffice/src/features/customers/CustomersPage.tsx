import { unwrap } from "@kestrel/api-client";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { ErrorMessage, Loading, Status, Table } from "../../components/kit.tsx";
import { api, when } from "../../lib/api.ts";

/** Find a customer by phone, email, name, id, IBAN or a card's last four. */
export function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get("query") ?? "";
  const q = useQuery({
    queryKey: ["customers", query],
    enabled: query.length > 0,
    queryFn: () => unwrap(api.GET("/admin/v1/customers", { params: { query: { query } } })),
  });
  return (
    <>
      <h1>Customers</h1>
      <form
        className="toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          setParams({ query: String(new FormData(e.currentTarget).get("query") ?? "").trim() });
        }}
      >
        <label htmlFor="customer-query">Search</label>
        <input
          id="customer-query"
          name="query"
          defaultValue={query}
          placeholder="Phone, email, name, id, IBAN, card's last four"
        />
        <button className="button" type="submit">
          Search
        </button>
      </form>
      <ErrorMessage error={q.error} />
      {q.isFetching ? <Loading /> : null}
      {q.data ? (
        <Table
          caption="Customers found"
          rows={q.data.customers}
          rowKey={(c) => c.id}
          empty="No customer matches."
          columns={[
            {
              header: "Name",
              cell: (c) => <Link to={`/customers/${c.id}`}>{c.name ?? "(no name yet)"}</Link>,
            },
            { header: "Phone", cell: (c) => `+${c.phone}` },
            { header: "Email", cell: (c) => c.email ?? "—" },
            { header: "KYC", cell: (c) => c.kycLevel },
            { header: "State", cell: (c) => <Status value={c.blocked ? "BLOCKED" : "ACTIVE"} /> },
            { header: "Since", cell: (c) => when(c.createdAt) },
          ]}
        />
      ) : null}
    </>
  );
}
