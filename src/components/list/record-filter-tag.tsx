// A list narrowed to one record's rows (a RecordFilter, set by that record's link), shown in the
// filter bar as what it is: "Buyer: Alice Diaz", with a button that removes it. The record's name is
// read by its own call of the core API (GET /users/:id...); until it arrives, or if it cannot be
// read, the id's first characters stand in. An API that does not apply the filter has it removed.
import { useEffect } from "react";
import { Button, Tag } from "antd";
import { CloseOutlined } from "@ant-design/icons";
import { useOne, type HttpError } from "@refinedev/core";
import { SHORTEN } from "@/config";
import { useListFilterSupport } from "@/components/record/list-filter-support";
import type { RecordFilter } from "@/components/list/filters";
import { head } from "@/utils/format";

export function RecordFilterTag({ filter, id, onRemove }: { filter: RecordFilter; id: string; onRemove: () => void }) {
  const applied = useListFilterSupport(filter.list, filter.field);
  useEffect(() => {
    if (applied === false) onRemove();
  }, [applied, onRemove]);
  const { result } = useOne<Record<string, unknown>, HttpError>({
    resource: filter.resource,
    id,
    errorNotification: false,
    queryOptions: { retry: false },
  });
  if (applied === false) return null;
  const name = (result && filter.nameOf(result as never)) || head(id, SHORTEN.orderId);
  return (
    <Tag className="list-filters__record" role="group" aria-label={`${filter.label}: ${name}`}>
      <span className="list-filters__prefix">{filter.label}:</span>
      <span className="list-filters__record-name" title={name}>
        {name}
      </span>
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`Remove the ${filter.label} filter`} onClick={onRemove} />
    </Tag>
  );
}
