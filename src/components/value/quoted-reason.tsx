// An admin's own words (a dispute decision's reason) as a quotation under a fixed caption, as the
// signed decision text quotes them: no line of it can pass for one the console or the server wrote.
export function QuotedReason({ text, caption = "Reason, as the admin wrote it" }: { text: string; caption?: string }) {
  return (
    <figure className="quoted-reason">
      <figcaption>{caption}:</figcaption>
      <blockquote>{text}</blockquote>
    </figure>
  );
}
