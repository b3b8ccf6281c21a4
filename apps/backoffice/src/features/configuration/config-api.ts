import { ApiError, unwrap } from "@kestrel/api-client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";

/** The merchant's configuration, every section (GET /admin/v1/merchant-config). */
export const useConfig = () =>
  useQuery({ queryKey: ["merchant-config"], queryFn: () => unwrap(api.GET("/admin/v1/merchant-config")) });

export type Config = NonNullable<ReturnType<typeof useConfig>["data"]>;
export type Section = "operations" | "branding" | "texts" | "links" | "cardPrograms" | "fees" | "limits";

export const useVersions = () =>
  useQuery({
    queryKey: ["merchant-config", "versions"],
    queryFn: () =>
      unwrap(api.GET("/admin/v1/merchant-config/versions", { params: { query: { limit: 50 } } })),
  });

/** One PUT per section; each body is that section's own shape (the server checks it again). */
function putSection(section: Section, body: Config[Section] & { reason?: string }) {
  const b = body as never;
  switch (section) {
    case "operations":
      return api.PUT("/admin/v1/merchant-config/operations", { body: b });
    case "branding":
      return api.PUT("/admin/v1/merchant-config/branding", { body: b });
    case "texts":
      return api.PUT("/admin/v1/merchant-config/texts", { body: b });
    case "links":
      return api.PUT("/admin/v1/merchant-config/links", { body: b });
    case "cardPrograms":
      return api.PUT("/admin/v1/merchant-config/card-programs", { body: b });
    case "fees":
      return api.PUT("/admin/v1/merchant-config/fees", { body: b });
    case "limits":
      return api.PUT("/admin/v1/merchant-config/limits", { body: b });
  }
}

/** Saves one section; afterwards the page and the version list are read again. */
export function useSaveSection<S extends Section>(section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Config[S] & { reason?: string }) => unwrap(putSection(section, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["merchant-config"] }),
  });
}

export function useRollback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { version: number; reason: string }) =>
      unwrap(
        api.POST("/admin/v1/merchant-config/versions/{version}/rollback", {
          params: { path: { version: v.version } },
          body: v.reason ? { reason: v.reason } : {},
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["merchant-config"] }),
  });
}

/** The server's message for a field that starts with `prefix` (e.g. "operations.3"), if that is where it failed. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError && error.field === field ? error.message : undefined;
}

/**
 * Where a save failed in a list section, for a line that names the row ("pairs.3.fees.fixFee":
 * row 3, field "fees.fixFee") and the reason without the path.
 */
export function rowError(
  error: unknown,
  list: string,
): { row: number; field: string; why: string } | undefined {
  if (!(error instanceof ApiError) || !error.field) return undefined;
  const m = new RegExp(`^${list}\\.(\\d+)(?:\\.(.+))?$`).exec(error.field);
  if (!m) return undefined;
  return { row: Number(m[1]), field: m[2] ?? "", why: error.message.replace(/^[^:]*:\s*/, "") };
}

/** Uploads a logo file; answers its address, which the branding section then saves. */
export function useUploadLogo() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("logo", file);
      return unwrap(
        api.POST("/admin/v1/merchant-config/logo", {
          // multipart: the browser writes the body and its boundary.
          body: form as never,
          bodySerializer: (body: unknown) => body as FormData,
        }),
      );
    },
  });
}
