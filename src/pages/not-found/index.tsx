// Unmatched routes show 'Not Found'. Public and antd-free: it can be the first page loaded.
import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <main className="app-message">
      <div className="app-message__card">
        <div className="app-message__code" aria-hidden="true">
          404
        </div>
        <h1 className="app-message__title">Not Found</h1>
        <p className="app-message__text">The page you are looking for does not exist or has moved.</p>
        <div className="app-message__actions">
          <Link className="app-button app-button--primary" to="/">
            Back to dashboard
          </Link>
        </div>
      </div>
    </main>
  );
}

export default NotFoundPage;
