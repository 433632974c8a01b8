// The date range filter's control (filters.ts `dates`), in a chunk of its own: the date picker is
// heavy, and only the lists that declare a range load it. The admin picks days; the API is sent the
// first day's start and the last day's end in the admin's time zone, as ISO instants.
import { DatePicker } from "antd";
import dayjs from "dayjs";

export interface DateRangeBoxProps {
  id: string;
  label: string;
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}

const dayOf = (instant: string) => {
  const day = instant ? dayjs(instant) : null;
  return day?.isValid() ? day : null;
};

export default function DateRangeBox({ id, label, from, to, onChange }: DateRangeBoxProps) {
  const start = dayOf(from);
  const end = dayOf(to);
  return (
    <div role="group" aria-label={label} className="list-filters__dates">
      <DatePicker.RangePicker
        id={{ start: `${id}-from`, end: `${id}-to` }}
        placeholder={["From date", "To date"]}
        allowEmpty={[true, true]}
        value={start || end ? [start, end] : null}
        onChange={(days) => onChange(days?.[0]?.startOf("day").toISOString() ?? "", days?.[1]?.endOf("day").toISOString() ?? "")}
      />
    </div>
  );
}
