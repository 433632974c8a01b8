// A section the admin's role may not read, reached by its address (the sidebar leaves it out): says
// so, with the role's reason, rather than a list that fails on the server's 403.
import { StatusPage } from "@/pages/status-page";

export function ForbiddenPage({ reason }: { reason?: string }) {
  return <StatusPage code="403" title="Not allowed" text={reason ?? "Your role does not allow this page."} />;
}

export default ForbiddenPage;
