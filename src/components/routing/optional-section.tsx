// Sections beyond the core API, which an API may lack (an entry with `optional: true`): the
// section's first query says whether the API has it. Until it answers, the sidebar leaves the link
// out; a 404 keeps it out and makes the route read Not Found. The query is the screen's own first
// query (same key): the screen shows while it is on its way and shares it, so a link straight to the
// section reads its first page once.
// Antd-free: routes use it.
import type { ComponentType } from "react";
import { useQueries, type QueryObserverResult } from "@tanstack/react-query";
import { useDataProvider, type HttpError } from "@refinedev/core";
import type { AdminSection } from "./sections";
import { firstQueryOptions } from "./use-preload";

export type SectionAvailability = "unknown" | "available" | "missing";

const statusOf = (error: unknown) => (error as HttpError | null)?.statusCode;

function availabilityOf(result: QueryObserverResult): SectionAvailability {
  if (result.isSuccess) return "available";
  if (result.isError) return statusOf(result.error) === 404 ? "missing" : "available";
  return "unknown";
}

/** Each optional section's availability, by resource name (sections that are not optional are left out). */
export function useSectionAvailability(entries: readonly AdminSection[]): Record<string, SectionAvailability> {
  const dataProvider = useDataProvider();
  const optional = entries.filter((entry) => entry.optional);
  const results = useQueries({
    queries: optional.map((entry) => {
      const options = firstQueryOptions(entry, dataProvider());
      return {
        queryKey: options?.queryKey ?? ["optional-section", entry.resource.name],
        queryFn: options?.queryFn ?? (() => Promise.reject(new Error(`${entry.resource.name}: an optional section needs a firstQuery`))),
        // Once the API has said it lacks the section, a remount does not ask again.
        retryOnMount: false,
      };
    }),
  });
  return Object.fromEntries(optional.map((entry, index) => [entry.resource.name, availabilityOf(results[index])]));
}

/**
 * The route element of an optional section: the screen (loading, sharing the first query that is on
 * its way), or `Missing` (Not Found) once the API has said it lacks the section.
 */
export function optionalScreen(entry: AdminSection, Screen: ComponentType, Missing: ComponentType): ComponentType {
  function OptionalScreen() {
    const availability = useSectionAvailability([entry])[entry.resource.name];
    return availability === "missing" ? <Missing /> : <Screen />;
  }
  OptionalScreen.displayName = `Optional(${entry.resource.name})`;
  return OptionalScreen;
}
