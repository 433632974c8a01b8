// The registry of resources, as the stack reads it (@contract/resources): the list (registry.ts)
// derived once by name, by record type and by audit action, and the types those lists make. Nothing
// here lists a resource. Not re-exported by contract/index.ts: what only needs a constant or a schema
// does not load the registry (and a test can add a resource to it before anything has read it).
import type { AuditActionDeclaration, RecordDeclaration, ResourceApi, ResourceDeclaration } from "./define.ts";
import { RESOURCES } from "./registry.ts";

export * from "./define.ts";
export { RESOURCES };

type Registry = (typeof RESOURCES)[number];

/** A resource's name ("users"). */
export type ResourceName = Registry["name"];
/** The audit trail's target types: the records' `type`s ("user" | "token" | ...). */
export type AuditTargetType = Registry extends infer R ? (R extends { record: { type: infer T extends string } } ? T : never) : never;
/** The actions the audit trail records ("user.update" | ...). */
export type AuditAction = Registry extends infer R ? (R extends { audit: infer A } ? keyof A & string : never) : never;
/** The tables whose records are looked up by id. */
export type RecordTable = Registry extends infer R ? (R extends { record: { table: infer T extends string } } ? T : never) : never;

/** Read as plain declarations: a test may register more at run time than the types know of. */
const registered: readonly ResourceDeclaration[] = RESOURCES;

const byName = new Map(registered.map((resource) => [resource.name, resource]));

/** The declaration of `name`; throws for a name the registry lacks (a programming error). */
export function resourceNamed(name: string): ResourceDeclaration {
  const resource = byName.get(name);
  if (!resource) throw new Error(`No resource "${name}" in the registry (contract/resources/registry.ts)`);
  return resource;
}

/** How texts name the records of `name`: "user" and "users", from its record's label and its own. */
export function nounsOf(name: string): { singular: string; plural: string } {
  const { label, record } = resourceNamed(name);
  return { singular: (record?.label ?? label).toLowerCase(), plural: label.toLowerCase() };
}

/** The resources the API pages as lists, with how it serves them. */
export const API_RESOURCES: readonly { name: string; api: ResourceApi }[] = registered.flatMap(({ name, api }) =>
  api ? [{ name, api }] : [],
);

/** A record type of the audit trail, with the resource that shows its records. */
export interface RecordType extends RecordDeclaration {
  type: string;
  /** The resource whose section shows these records. */
  resource: string;
}

/** Every record type the audit trail names, in the registry's order. */
export const RECORD_TYPES: readonly RecordType[] = registered.flatMap(({ name, record }) =>
  record?.type ? [{ ...record, type: record.type, resource: name }] : [],
);

const recordTypes = new Map(RECORD_TYPES.map((record) => [record.type, record]));

/** The record type `type` of the audit trail, or undefined for one the registry does not declare. */
export const recordTypeNamed = (type: string): RecordType | undefined => recordTypes.get(type);

/** "user.suspend_all" → "Suspend all": an action's verb in sentence case ("Changed" when it has none). */
export function verbLabel(action: string): string {
  const verb = action.includes(".") ? action.slice(action.indexOf(".") + 1) : action;
  const words = verb.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Changed";
}

/** An audit action as declared, every default filled in. */
export interface AuditActionEntry extends Required<AuditActionDeclaration> {
  action: string;
  /** The resource that declares it. */
  resource: string;
}

/** Every action the audit trail records, in the registry's order. */
export const AUDIT_ACTIONS: readonly AuditActionEntry[] = registered.flatMap(({ name, record, audit }) =>
  Object.entries(audit ?? {}).map(([action, declared]) => ({
    action,
    label: declared.label,
    history: declared.history ?? verbLabel(action),
    targets: declared.targets ?? (record?.type ? [record.type] : []),
    resource: name,
  })),
);

const auditActions = new Map(AUDIT_ACTIONS.map((entry) => [entry.action, entry]));

/** The declared action `action`, or undefined for one the registry does not declare. */
export const auditActionNamed = (action: string): AuditActionEntry | undefined => auditActions.get(action);
