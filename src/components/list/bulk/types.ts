// What a list's bulk action is, declared by each resource (src/resources/<name>/bulk.ts): the row's
// own single call (the one its row action or edit modal sends, so the server audits each row as if
// it were changed alone), which rows it would change, and whether the single action asks a reason.
export interface BulkAction<Row> {
  /** The button and the confirmation's verb: 'Deactivate' ('Deactivate 12 users?'). */
  label: string;
  danger?: boolean;
  /** The action as the resource's declaration names it, for what the admin's role allows; "edit" when left out. */
  access?: string;
  /** Whether the row would change; a row that would not (already active...) is skipped, not sent. */
  applies: (row: Row) => boolean;
  /** The reason field's label, when the single action asks for a reason: the same words. */
  reasonLabel?: string;
  /** Sends the row's single call; its rejection (an HttpError) is that row's failure. */
  send: (row: Row, reason: string | undefined) => Promise<unknown>;
}

export interface BulkNouns {
  /** 'user' */
  singular: string;
  /** 'users' */
  plural: string;
}

/** '1 user', '12 users'. */
export const counted = (count: number, { singular, plural }: BulkNouns) => `${count} ${count === 1 ? singular : plural}`;
