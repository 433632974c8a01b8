// A page that says why there is no screen here (Not Found, Not allowed), with the way back to the
// dashboard. Public and antd-free: it can be the first page loaded.
import { Link } from "react-router";

export function StatusPage({ code, title, text }: { code: string; title: string; text: string }) {
  return (
    <main className="app-message">
      <div className="app-message__card">
        <div className="app-message__code" aria-hidden="true">
          {code}
        </div>
        <h1 className="app-message__title">{title}</h1>
        <p className="app-message__text">{text}</p>
        <div className="app-message__actions">
          <Link className="app-button app-button--primary" to="/">
            Back to dashboard
          </Link>
        </div>
      </div>
    </main>
  );
}
