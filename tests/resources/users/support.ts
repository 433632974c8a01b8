// Shared set-up for the User Management tests: users as the API sends them, a fake GET /users
// that pages and filters like the real one, and helpers to find rows and dialogs.
import { screen, waitFor } from "@testing-library/react";
import type { User } from "@contract";
import { renderApp, signedInApi } from "../../app/support";
import type { FakeApi } from "../../support/fake-api";

export const KEY_A = "7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2";
export const KEY_B = "5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1";
export const KEY_C = "HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH";

export const carol: User = {
  id: "u-10",
  publicKey: KEY_A,
  displayName: "Carol Diaz",
  contactInfo: "carol@example.com",
  avatarUrl: null,
  role: "ADMIN",
  verified: true,
  disabled: false,
  status: "active",
};

export const dave: User = {
  id: "u-11",
  publicKey: KEY_B,
  displayName: null,
  contactInfo: null,
  avatarUrl: null,
  role: "USER",
  verified: false,
  disabled: false,
  status: "pending_verification",
};

export const erin: User = {
  id: "u-12",
  publicKey: KEY_C,
  displayName: "Erin Ford",
  contactInfo: "erin@example.com",
  avatarUrl: null,
  role: "USER",
  verified: false,
  disabled: true,
  status: "active",
};

export const frank: User = {
  id: "u-13",
  publicKey: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
  displayName: "Frank Gray",
  contactInfo: "frank@example.com",
  avatarUrl: null,
  role: "MARKETPLACE_AUTHORITY",
  verified: true,
  disabled: false,
  status: null,
};

export const USERS = [carol, dave, erin, frank];

/** A GET /users that answers like the API: filters, then the requested page. */
export function serveUsers(api: FakeApi, users: User[] = USERS, options: { total?: number } = {}) {
  api.get("/users", ({ query: params }) => {
    const page = Number(params.page ?? 1);
    const limit = Number(params.limit ?? 20);
    const matching = users.filter(
      (user) =>
        (params.role === undefined || user.role === params.role) &&
        (params.verified === undefined || String(user.verified) === params.verified) &&
        (params.disabled === undefined || String(user.disabled) === params.disabled),
    );
    const total = options.total ?? matching.length;
    return [200, { data: { items: matching, total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) } }];
  });
}

/** A GET /users/search/:term that answers like the API: name, email or wallet holding the term. */
export function serveUserSearch(api: FakeApi, users: User[] = USERS) {
  api.get(/^\/users\/search\/[^/]+$/, ({ path, query: params }) => {
    const term = decodeURIComponent(path.split("/").pop() ?? "").toLowerCase();
    const page = Number(params.page ?? 1);
    const limit = Number(params.limit ?? 10);
    const matching = users.filter((user) =>
      [user.displayName, user.contactInfo, user.publicKey].some((field) => field?.toLowerCase().includes(term)),
    );
    return [200, { data: { items: matching, total: matching.length, page, limit, totalPages: Math.ceil(matching.length / limit) } }];
  });
}

/** A signed-in admin on /users (or another path) with the users list served. */
export function openUsers(path = "/users", users: User[] = USERS, options: { total?: number } = {}) {
  const api = signedInApi();
  serveUsers(api, users, options);
  serveUserSearch(api, users);
  api.get("/admin/users/stats", [200, { data: { totalUsers: users.length } }]);
  api.get("/admin/audit", [200, { data: { items: [], total: 0, page: 1, limit: 10, totalPages: 0 } }]);
  renderApp(path);
  return api;
}

/** The query of every GET /users so far, in order. */
export function listQueries(api: FakeApi): Record<string, string>[] {
  return api.requests("GET", "/users").map((request) => request.query);
}

/** The table row showing this text (not a notification that happens to mention it). */
export function findRow(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const row = screen
      .getAllByText(name)
      .map((element) => element.closest<HTMLElement>("tbody tr"))
      .find((candidate) => candidate !== null);
    if (!row) throw new Error(`no table row shows "${name}"`);
    return row;
  });
}

/** Serves GET /users/:id from the list (a copy per request, as a server would). */
export function serveUser(api: FakeApi, users: User[] = USERS) {
  api.get(/^\/users\/[^/]+$/, (request) => {
    const id = decodeURIComponent(request.path.split("/").pop() ?? "");
    const found = users.find((user) => user.id === id);
    return found ? [200, { data: { ...found } }] : [404, { message: "User not found" }];
  });
}

/**
 * The open dialog with this title. Not by accessible name: under NODE_ENV=test rc-util gives every
 * modal the same title id, so the names of two mounted modals get mixed up (browsers get unique ids).
 */
export function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const match = screen.getAllByRole("dialog").find((dialog) => dialog.querySelector(".ant-modal-title")?.textContent === title);
    if (!match) throw new Error(`no open dialog titled "${title}"`);
    return match;
  });
}

export function queryDialog(title: string): HTMLElement | undefined {
  return screen.queryAllByRole("dialog").find((dialog) => dialog.querySelector(".ant-modal-title")?.textContent === title);
}
