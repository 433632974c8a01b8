// The filter bar of Shop Management: free-text search (sent to the server as `search`, debounced so
// typing makes one request, not one per key), category, active status and verified.
import { useEffect, useRef, useState } from "react";
import { Input, Select } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import { SHOP_CATEGORIES } from "@contract";

export const SEARCH_DEBOUNCE_MS = 400;
const ALL = "";

const CATEGORY_OPTIONS = [
  { value: ALL, label: "All Categories" },
  ...SHOP_CATEGORIES.map((category) => ({ value: category, label: category })),
];
const ACTIVE_OPTIONS = [
  { value: ALL, label: "All" },
  { value: "true", label: "Active" },
  { value: "false", label: "Inactive" },
];
const VERIFIED_OPTIONS = [
  { value: ALL, label: "All" },
  { value: "true", label: "Verified" },
  { value: "false", label: "Not Verified" },
];

/**
 * The search box's text, committed `SEARCH_DEBOUNCE_MS` after the last key. What is typed stays as
 * typed (spaces included); only a different trimmed text is committed. A change from outside (a
 * link, the back button) replaces the text.
 */
function useDebouncedText(committedValue: string, commit: (text: string) => void) {
  const [text, setText] = useState(committedValue);
  const committed = useRef(committedValue);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  useEffect(() => {
    if (committedValue === committed.current) return;
    committed.current = committedValue;
    setText(committedValue);
  }, [committedValue]);

  useEffect(() => {
    const next = text.trim();
    if (next === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = next;
      commitRef.current(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return [text, setText] as const;
}

export interface ShopFilterValues {
  search: string;
  category: string;
  isActive: string;
  isVerified: string;
}

export interface ShopFiltersProps {
  values: ShopFilterValues;
  onChange: (field: keyof ShopFilterValues, value: string) => void;
}

export function ShopFilters({ values, onChange }: ShopFiltersProps) {
  const [text, setText] = useDebouncedText(values.search, (next) => onChange("search", next));
  return (
    <div className="list-filters" role="search">
      <Input
        className="list-filters__search"
        id="shop-search"
        aria-label="Search shops"
        placeholder="Search shops by name or slug..."
        prefix={<SearchOutlined aria-hidden />}
        allowClear
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Select
        className="list-filters__select"
        id="shop-category-filter"
        aria-label="Category"
        value={values.category}
        onChange={(value) => onChange("category", value)}
        options={CATEGORY_OPTIONS}
      />
      <Select
        className="list-filters__select"
        id="shop-active-filter"
        aria-label="Active status"
        // Both of these show a bare 'All' (the SPEC's wording); the prefix says which is which.
        prefix={<span className="list-filters__prefix">Status:</span>}
        value={values.isActive}
        onChange={(value) => onChange("isActive", value)}
        options={ACTIVE_OPTIONS}
      />
      <Select
        className="list-filters__select"
        id="shop-verified-filter"
        aria-label="Verified"
        prefix={<span className="list-filters__prefix">Verified:</span>}
        value={values.isVerified}
        onChange={(value) => onChange("isVerified", value)}
        options={VERIFIED_OPTIONS}
      />
    </div>
  );
}
