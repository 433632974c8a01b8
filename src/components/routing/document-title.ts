// The browser tab's title (Refine's DocumentTitleHandler): the section's label, or "Sign in", then the app's name.
import { APP_TITLE } from "@/config";

export function documentTitle({ resource, pathname }: { resource?: { meta?: { label?: string } }; pathname?: string }) {
  if (pathname === "/login") return `Sign in | ${APP_TITLE}`;
  const label = resource?.meta?.label;
  return label ? `${label} | ${APP_TITLE}` : APP_TITLE;
}
