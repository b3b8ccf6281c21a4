import { z } from "zod";

/** The answer of calls that only succeed or fail: `{ result: "OK" }`. */
export const resultSchema = z.object({ result: z.string() }).meta({ id: "Result" });
export const OK = { result: "OK" } as const;
