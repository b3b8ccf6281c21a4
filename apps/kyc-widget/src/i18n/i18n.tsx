import { createContext, type ReactNode, useContext } from "react";
import { de } from "./de.ts";
import { en, type Texts } from "./en.ts";

const LANGUAGES = { en, de } as const;
export type Language = keyof typeof LANGUAGES;

/** The host's language, or English when the widget has no texts for it ("de-AT" → de). */
export function supportedLanguage(lang: string | undefined): Language {
  const base = (lang ?? "en").slice(0, 2).toLowerCase();
  return base in LANGUAGES ? (base as Language) : "en";
}

/** Fills {placeholders} of a text. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));

const TextsContext = createContext<{ lang: Language; t: Texts }>({ lang: "en", t: en });

export function TextsProvider(props: { lang: Language; children: ReactNode }) {
  return <TextsContext value={{ lang: props.lang, t: LANGUAGES[props.lang] }}>{props.children}</TextsContext>;
}

export const useTexts = () => useContext(TextsContext);
