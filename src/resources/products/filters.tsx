// The filter bar of Product Management: a search box that only narrows the rows already loaded
// (SPEC §2: its text is never sent), and the Category and Featured filters the server applies.
import { Input, Select } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import type { Product } from "@contract";
import type { CategoryOption } from "./use-categories";

export const ALL = "";

export const FEATURED_OPTIONS = [
  { value: ALL, label: "All Products" },
  { value: "true", label: "Featured Only" },
  { value: "false", label: "Not Featured" },
];

/** The loaded rows whose title, description or category contain the text (any case). */
export function searchLoaded(rows: readonly Product[], text: string): Product[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((product) =>
    [product.title, product.description, product.category].some((field) => field?.toLowerCase().includes(needle)),
  );
}

export interface ProductFiltersProps {
  search: string;
  onSearch: (text: string) => void;
  category: string;
  categories: CategoryOption[];
  categoriesLoading: boolean;
  onCategory: (category: string) => void;
  featured: string;
  onFeatured: (featured: string) => void;
}

export function ProductFilters(props: ProductFiltersProps) {
  return (
    <div className="list-filters" role="search">
      <Input
        className="list-filters__search"
        id="product-search"
        aria-label="Search products on this page"
        placeholder="Search products on this page..."
        prefix={<SearchOutlined aria-hidden />}
        allowClear
        value={props.search}
        onChange={(event) => props.onSearch(event.target.value)}
      />
      <Select
        className="list-filters__select"
        id="product-category-filter"
        aria-label="Category"
        value={props.category}
        loading={props.categoriesLoading}
        onChange={props.onCategory}
        options={[{ value: ALL, label: "All Categories" }, ...props.categories]}
        popupMatchSelectWidth={false}
      />
      <Select
        className="list-filters__select"
        id="product-featured-filter"
        aria-label="Featured"
        value={props.featured}
        onChange={props.onFeatured}
        options={FEATURED_OPTIONS}
      />
    </div>
  );
}
