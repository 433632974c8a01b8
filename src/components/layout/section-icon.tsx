// The sidebar icons are declared in the resources config, which sits on the first-load path of every
// route, /login included. The icon set is loaded lazily so that path stays free of the icon library;
// the admin layout imports the same module statically, so once it is there icons render at once.
import { lazy, Suspense } from "react";
import type { SectionIconName } from "./section-icons";

const Glyph = lazy(() => import("./section-icons"));

/** `className` is passed through because antd's Menu adds its icon class to the element it gets. */
export function SectionIcon({ name, className }: { name: SectionIconName; className?: string }) {
  const placeholder = <span className={`anticon ${className ?? ""}`} style={{ display: "inline-block", width: "1em", height: "1em" }} />;
  return (
    <Suspense fallback={placeholder}>
      <Glyph name={name} className={className} />
    </Suspense>
  );
}
