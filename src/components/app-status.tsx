// A full-page wait (session check, first chunk). Plain markup and global.css, no component library:
// it is on the path of every first load.
export function AppStatus({ text }: { text?: string }) {
  return (
    <div className="app-status" role="status" aria-live="polite" aria-label={text ?? "Loading"}>
      <div className="app-spinner" aria-hidden="true" />
      {text ? <div>{text}</div> : null}
    </div>
  );
}
