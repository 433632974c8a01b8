// Every list's pager: Previous / 'Page x of y' / Next, only when there is more than one page.
import { Button } from "antd";
import "@/styles/kit.css";

export interface PagerProps {
  currentPage: number;
  pageCount: number;
  onChange: (page: number) => void;
}

export function Pager({ currentPage, pageCount, onChange }: PagerProps) {
  if (!(pageCount > 1)) return null;
  return (
    <nav className="kit-pager" aria-label="Pagination">
      <Button disabled={currentPage <= 1} onClick={() => onChange(currentPage - 1)}>
        Previous
      </Button>
      <span className="kit-pager__status" aria-live="polite">
        Page {currentPage} of {pageCount}
      </span>
      <Button disabled={currentPage >= pageCount} onClick={() => onChange(currentPage + 1)}>
        Next
      </Button>
    </nav>
  );
}
