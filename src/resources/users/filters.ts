// User Management's filters: first the SPEC's search by name, email or wallet (GET
// /users/search/{term}, which takes no other filter), then each an `eq` filter the API applies (?role=, ?verified=,
// ?disabled=). Status (Active / Disabled) is the `disabled` flag, not the free-text status column.
import { ALL, choices, type FilterOption, type ListFilter } from "@/components/list/filters";
import type { User, UserRole } from "@contract";

export const ROLE_OPTIONS: (FilterOption & { value: UserRole })[] = [
  { value: "USER", label: "User" },
  { value: "ADMIN", label: "Admin" },
  { value: "MARKETPLACE_AUTHORITY", label: "Marketplace Authority" },
];

export const USER_FILTERS: readonly ListFilter<User>[] = [
  {
    kind: "search",
    field: "search",
    label: "Search users",
    placeholder: "Search by name, email or wallet...",
    alone: "A search looks through every user: Role, Verified and Status apply again once it is cleared.",
  },
  { kind: "select", field: "role", label: "Role", options: [{ value: ALL, label: "All Roles" }, ...ROLE_OPTIONS] },
  {
    kind: "select",
    field: "verified",
    label: "Verified",
    prefix: true,
    options: choices("All", ["true", "Verified"], ["false", "Not Verified"]),
  },
  { kind: "select", field: "disabled", label: "Status", prefix: true, options: choices("All", ["false", "Active"], ["true", "Disabled"]) },
];
