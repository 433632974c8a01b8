// The registry (contract/resources/) and the console's sections (src/resources/index.ts) agree: one
// section per resource, each list's filters sending exactly the query parameters its declaration
// names, and declarations that hold together (unique names and routes, record pages under their
// route, audit actions on known record types).
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, RECORD_TYPES, RESOURCES } from "@contract/resources";
import { sentFields } from "@/components/list/filters";
import { adminResources } from "@/resources";

const names = (list: readonly { name: string }[]) => list.map(({ name }) => name);

describe("the registry and the console's sections", () => {
  it("has one section per resource, named as the registry names it", () => {
    expect(names(adminResources.map((section) => section.resource)).sort()).toEqual(names(RESOURCES).sort());
  });

  it.each(adminResources.map((section) => [section.resource.name, section] as const))(
    "%s: its filters send exactly its declared query parameters",
    (_, section) => {
      expect(sentFields(section.filters)).toEqual([...(section.api?.query ?? [])]);
    },
  );

  it("declares unique names and routes, and record pages under their section's route", () => {
    expect(new Set(names(RESOURCES)).size).toBe(RESOURCES.length);
    expect(new Set(RESOURCES.map((resource) => resource.route)).size).toBe(RESOURCES.length);
    for (const resource of RESOURCES) {
      const page: string | undefined = "record" in resource && "page" in resource.record ? resource.record.page : undefined;
      if (page) expect(page, resource.name).toBe(`${resource.route}/:id`);
    }
  });

  it("records each audit action, <kind>.<verb> and declared once, against record types it declares", () => {
    const types = new Set(RECORD_TYPES.map((record) => record.type));
    expect(new Set(AUDIT_ACTIONS.map((entry) => entry.action)).size).toBe(AUDIT_ACTIONS.length);
    for (const entry of AUDIT_ACTIONS) {
      expect(entry.action, entry.action).toMatch(/^[a-z_]+\.[a-z_]+$/);
      expect(entry.targets.length, `${entry.action}: its record types`).toBeGreaterThan(0);
      for (const target of entry.targets) expect(types, `${entry.action} → ${target}`).toContain(target);
    }
  });
});
