// SPEC §2 User Management filters. Each select maps to one eq filter the data provider turns into
// a query param (role, verified, disabled). Their values are read back from useTable's `filters`,
// which syncWithLocation restores from the URL, so a shared or reloaded link shows the same view.
import { Select } from "antd";
import type { CrudFilter } from "@refinedev/core";

const ALL = "all";

type FilterField = "role" | "verified" | "disabled";

interface FilterDefinition {
  field: FilterField;
  label: string;
  options: { value: string; label: string }[];
}

// Status (Active / Disabled) is the `disabled` flag, not the free-text status column.
export const USER_FILTERS: FilterDefinition[] = [
  {
    field: "role",
    label: "Role",
    options: [
      { value: ALL, label: "All Roles" },
      { value: "USER", label: "User" },
      { value: "ADMIN", label: "Admin" },
      { value: "MARKETPLACE_AUTHORITY", label: "Marketplace Authority" },
    ],
  },
  {
    field: "verified",
    label: "Verified",
    options: [
      { value: ALL, label: "All" },
      { value: "true", label: "Verified" },
      { value: "false", label: "Not Verified" },
    ],
  },
  {
    field: "disabled",
    label: "Status",
    options: [
      { value: ALL, label: "All" },
      { value: "false", label: "Active" },
      { value: "true", label: "Disabled" },
    ],
  },
];

/** The selected option of one filter; a value the select does not offer (a hand-edited URL) reads as All. */
export function filterValue(filters: CrudFilter[], definition: FilterDefinition): string {
  const found = filters.find((filter) => "field" in filter && filter.field === definition.field);
  // Values come back from the URL as strings; booleans only if something set them in code.
  const value = found ? String(found.value) : ALL;
  return definition.options.some((option) => option.value === value) ? value : ALL;
}

/** The full filter list with one field changed; "All" removes the field. */
export function withFilter(filters: CrudFilter[], field: FilterField, value: string): CrudFilter[] {
  const others = filters.filter((filter) => !("field" in filter && filter.field === field));
  return value === ALL ? others : [...others, { field, operator: "eq", value }];
}

export function UserFilters({
  filters,
  onChange,
}: {
  filters: CrudFilter[];
  onChange: (filters: CrudFilter[]) => void;
}) {
  return (
    <div className="user-filters" role="group" aria-label="Filter users">
      {USER_FILTERS.map((definition) => (
        // A <div>, not a <label>: a label's click would reach antd's inner search input twice.
        <div key={definition.field} className="user-filters__item">
          <span className="user-filters__label" aria-hidden="true">
            {definition.label}
          </span>
          <Select
            // Its own id, so the dropdown's listbox id is unique too.
            id={`user-filter-${definition.field}`}
            aria-label={definition.label}
            className="user-filters__select"
            value={filterValue(filters, definition)}
            options={definition.options}
            onChange={(value: string) => onChange(withFilter(filters, definition.field, value))}
            popupMatchSelectWidth={false}
          />
        </div>
      ))}
    </div>
  );
}
