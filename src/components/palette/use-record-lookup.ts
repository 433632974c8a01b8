// The command palette's record lookup: once typing pauses, the text is looked up by every section
// that finds its records (its section.ts's `records`: an order by id, a user by name or wallet, a
// product or shop by name), a few of each, through Refine's data provider. A lookup that fails or
// that the API does not have adds nothing: the palette stays quiet (no toast, no error line).
import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useDataProvider, type DataProvider } from "@refinedev/core";
import { useSections, type AdminSection } from "@/components/routing/sections";

/** How long typing must pause before the lookup is sent. */
export const LOOKUP_DEBOUNCE_MS = 300;
/** Results per kind of record. */
export const LOOKUP_LIMIT = 4;
/** Shorter texts are not looked up (too many matches to mean anything). */
export const LOOKUP_MIN_LENGTH = 2;

export interface RecordHit {
  /** The audit trail's record type ("user"), which says where it opens. */
  type: string;
  id: string;
  /** "Open user Alice" */
  name: string;
  /** What else identifies it: a wallet, a status. */
  subtitle?: string;
}

const NONE: RecordHit[] = [];

async function lookUp(provider: DataProvider, sections: readonly AdminSection[], text: string): Promise<RecordHit[]> {
  const found = await Promise.all(
    sections.map(async ({ records }) => {
      if (!records) return [];
      const matches = await records.lookup(provider, text, LOOKUP_LIMIT).catch(() => []);
      return matches.slice(0, LOOKUP_LIMIT).map(({ id, name, subtitle }) => ({
        type: records.type,
        id,
        name: `Open ${records.label.toLowerCase()} ${name}`,
        subtitle,
      }));
    }),
  );
  return found.flat();
}

/** The records `text` names, once typing has paused; `searching` while a lookup is on its way. */
export function useRecordLookup(text: string): { hits: RecordHit[]; term: string; searching: boolean } {
  const provider = useDataProvider()();
  const sections = useSections();
  const [term, setTerm] = useState("");
  useEffect(() => {
    const next = text.trim();
    const timer = setTimeout(() => setTerm(next), LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const enabled = term.length >= LOOKUP_MIN_LENGTH;
  const query = useQuery({
    queryKey: ["palette", "records", term],
    queryFn: () => lookUp(provider, sections, term),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
  // The same empty list every time: the palette re-registers its actions when the hits change.
  return { hits: (enabled && query.data) || NONE, term, searching: enabled && query.isFetching };
}
