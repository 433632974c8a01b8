// A section the admin's role may not read, reached by its address (the sidebar leaves it out): says
// so, with the role's reason, rather than a list that fails on the server's 403. Antd-free, as Not Found.
import { Link } from "react-router";

export function ForbiddenPage({ reason }: { reason?: string }) {
  return (
    <main className="app-message">
      <div className="app-message__card">
        <div className="app-message__code" aria-hidden="true">
          403
        </div>
        <h1 className="app-message__title">Not allowed</h1>
        <p className="app-message__text">{reason ?? "Your role does not allow this page."}</p>
        <div className="app-message__actions">
          <Link className="app-button app-button--primary" to="/">
            Back to dashboard
          </Link>
        </div>
      </div>
    </main>
  );
}

export default ForbiddenPage;
