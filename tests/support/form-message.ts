// A form's messages, as antd shows them under its fields.
import { getQueriesForElement, waitFor } from "@testing-library/react";
import { expect } from "vitest";

/**
 * Waits for a form to show `text` (a field's message). antd clears a field's messages each time it
 * validates again and fades the old one out, so an element found once may leave a moment later,
 * replaced by the same words: the text is looked for anew until it stands, and no element is kept.
 */
export async function expectFormMessage(text: string | RegExp, within: HTMLElement = document.body) {
  await waitFor(() => expect(getQueriesForElement(within).getByText(text)).toBeVisible());
}
