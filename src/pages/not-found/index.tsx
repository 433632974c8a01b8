// Unmatched routes show 'Not Found'. Public and antd-free: it can be the first page loaded.
import { StatusPage } from "@/pages/status-page";

export function NotFoundPage() {
  return <StatusPage code="404" title="Not Found" text="The page you are looking for does not exist or has moved." />;
}

export default NotFoundPage;
