// What a resource's declaration holds (one file per resource beside this one, listed in index.ts):
// everything about it that the console, the server and their tests would otherwise each repeat.
// Plain data, free of React and of the server: both sides import it.
import type { Permission } from "../permissions.ts";

/** One action the audit trail records for the resource, "<kind>.<verb>" ("user.deactivate"). */
export interface AuditActionDeclaration {
  /**
   * The action in a few words that stand alone ("User deactivated"): the Activity screen's Action
   * filter, and the title of an order timeline's event.
   */
  label: string;
  /**
   * The action on the record's own history, where the record goes without saying ("Deactivated").
   * Left out, it is the verb in sentence case ("settlement.retry": "Retry").
   */
  history?: string;
  /**
   * The audit target types of its entries, when they are not the resource's own record (a
   * settlement's actions are recorded against its order or the marketplace).
   */
  targets?: readonly string[];
}

/** What one record of the resource is. */
export interface RecordDeclaration {
  /** What one is called: "User" (the Activity screen's Record filter and links, "User not found"). */
  label: string;
  /** The audit trail's `targetType` for these records ("user"); left out when none is audited against them. */
  type?: string;
  /** The contract schema of one record, by its id in the OpenAPI document ("User"). */
  schema?: string;
  /** The database table the records live in, for the server's lookups by id ("users"). */
  table?: string;
  /** The console's route of one record ("/users/:id"); without one, a record opens its section. */
  page?: `/${string}/:id`;
  /** The only record of its kind (the marketplace): named without its id. */
  singleton?: boolean;
}

/**
 * How the API serves the resource's list and records. Paths are relative to /api/v1; `:id` stands
 * for the record's id.
 */
export interface ResourceApi {
  /** GET: one page of the list, asked with `page`, `limit` and the query parameters below. */
  list: string;
  /**
   * How the list's body reads: "paged" (the default) is `{ data: { items, total, ... } }`;
   * "data+meta" is `{ data: [...], meta: { total, ... } }` (shops).
   */
  listShape?: "paged" | "data+meta";
  /**
   * The query parameters the list's filters send, in the filter bar's order (a date range is two:
   * its from and its to). Nothing else is sent.
   */
  query?: readonly string[];
  /**
   * The sorts the list offers, by the console's sorter field (a sortable column's key): the value of
   * the `sort` query parameter for each direction. An undeclared sort is not sent.
   */
  sorts?: Readonly<Record<string, { asc?: string; desc?: string }>>;
  /**
   * Beyond the core API: lists read from another path while one of the `query` filters is "true",
   * by that filter (products: `deleted` reads the trash); that filter itself is not sent.
   */
  views?: Readonly<Record<string, string>>;
  /**
   * GET: the list searched, read while the `search` filter holds text (`:term` stands for it),
   * asked with `page` and `limit` only: the other filters do not apply to a search (users).
   */
  search?: `/${string}/:term`;
  /** GET one record. */
  one?: string;
  /** POST a new record. */
  create?: string;
  /** PATCH a record. */
  update?: string;
  /** DELETE a record; its variables travel as the body (products: `{ reason }`). */
  remove?: string;
}

export interface ResourceDeclaration {
  /** The resource's one name: Refine's resource name, the data provider's key, the console's folder. */
  name: string;
  /** The section's name in the sidebar, the command palette and the page title. */
  label: string;
  /** The console's route of the section (Refine's `list`): "/users"; "/" for the dashboard. */
  route: string;
  /** The sidebar icon, by name (the glyphs are src/components/layout/section-icons.tsx's). */
  icon: string;
  /**
   * Beyond the core API: an API may lack it. The console shows the section once its
   * first call has answered, and keeps it hidden (its route reads Not Found) when that is a 404.
   */
  beyondSpec?: boolean;
  record?: RecordDeclaration;
  /** The audit trail's actions on it, by action name, in the order the Activity screen lists them. */
  audit?: Readonly<Record<string, AuditActionDeclaration>>;
  /** Left out for a section that is not a list the API pages (the dashboard, the marketplace). */
  api?: ResourceApi;
  /**
   * The permission each of the console's actions on it needs, by Refine action ("list", "edit",
   * "delete", or the resource's own: "resolve", "retry"...): its access control answers `can` from
   * these (contract/permissions.ts). An action left out needs "read".
   */
  access?: Readonly<Record<string, Permission>>;
}

/** A declaration as written: `route` defaults to "/{name}" and `icon` to the name. */
export type ResourceInput = Omit<ResourceDeclaration, "route" | "icon"> & Partial<Pick<ResourceDeclaration, "route" | "icon">>;

/** A declaration with its defaults filled in, keeping their literal types. */
export type Declared<R extends ResourceInput> = R & {
  route: R extends { route: infer T extends string } ? T : `/${R["name"]}`;
  icon: R extends { icon: infer I extends string } ? I : R["name"];
};

/**
 * Declares a resource, keeping its literal types (its name, its record type, its actions) for the
 * derived types, with the defaults filled in.
 */
export const defineResource = <const R extends ResourceInput>(resource: R): Declared<R> =>
  ({
    route: `/${resource.name}`,
    icon: resource.name,
    ...resource,
  }) as Declared<R>;

type RecordCall = "one" | "create" | "update" | "remove";

/**
 * The paths of a list whose records live under it, for the calls named: `create` posts to the list
 * itself, the others go to "{list}/:id".
 */
export function listPaths<const C extends RecordCall>(list: string, ...calls: C[]): { list: string } & Record<C, string> {
  const paths: Record<string, string> = { list };
  for (const call of calls) paths[call] = call === "create" ? list : `${list}/:id`;
  return paths as { list: string } & Record<C, string>;
}

/** An access map where every action named needs the same permission (a section one role manages). */
export function sameAccess<const A extends string>(permission: Permission, ...actions: A[]): Record<A, Permission> {
  return Object.fromEntries(actions.map((action) => [action, permission])) as Record<A, Permission>;
}
