// Every screen opens the same way: its heading, a one-line subtitle, actions on the right.
// Plain markup (styles in src/styles/layout.css): antd's Typography/Space would add ~20 kB to
// every screen for two lines of text.
import type { ReactNode } from "react";

export function PageHeader({ title, subtitle, extra }: { title: string; subtitle?: ReactNode; extra?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1 className="page-header__title">{title}</h1>
        {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
      </div>
      {extra ? <div className="page-header__extra">{extra}</div> : null}
    </header>
  );
}
