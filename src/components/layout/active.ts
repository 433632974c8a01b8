// Dashboard is active only on exactly "/", every other section while the path starts with its own.
export function isSectionActive(sectionPath: string, pathname: string): boolean {
  return sectionPath === "/" ? pathname === "/" : pathname.startsWith(sectionPath);
}
