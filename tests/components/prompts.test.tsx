import { useState } from "react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useReasonPrompt, type ReasonPromptOptions } from "@/components/prompts/reason-prompt";
import { useConfirm, type ConfirmOptions } from "@/components/prompts/confirm";
import { compileChunks } from "../support/compile-first";

// The dialogs are lazy chunks (fetched when idle or on the first question): compiled before the clocks start.
compileChunks(
  () => import("@/components/prompts/reason-dialog"),
  () => import("@/components/prompts/confirm-dialog"),
);

const DELETE: ReasonPromptOptions = {
  confirmText: 'Are you sure you want to delete "Lamp"? This action can be reversed by an admin.',
  reasonLabel: "Reason for deletion (required):",
  okText: "Delete",
  danger: true,
};

/** Asks on a click and shows what the promise resolved to (or that it is still pending). */
function ReasonHost({ options = DELETE }: { options?: ReasonPromptOptions }) {
  const { ask, holder } = useReasonPrompt();
  const [answer, setAnswer] = useState("pending");
  return (
    <>
      <button onClick={() => void ask(options).then((reason) => setAnswer(JSON.stringify(reason)))}>Ask</button>
      <output aria-label="answer">{answer}</output>
      {holder}
    </>
  );
}

const answer = () => screen.getByRole("status", { name: "answer" });

function openDialog() {
  return screen.getByRole("dialog");
}

async function throughConfirmation(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Ask" }));
  expect(await screen.findByText(DELETE.confirmText as string)).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "OK" }));
  const field = await screen.findByLabelText("Reason for deletion (required):");
  await waitFor(() => expect(field).toHaveFocus());
  return field;
}

/** The reason prompt asked and confirmed: its reason field, focused. */
async function askedForReason() {
  const user = userEvent.setup();
  render(<ReasonHost />);
  return { user, field: await throughConfirmation(user) };
}

describe("useReasonPrompt", () => {
  it("confirms first, with OK focused, and resolves nothing before the reason is given", async () => {
    const user = userEvent.setup();
    render(<ReasonHost />);
    await user.click(screen.getByRole("button", { name: "Ask" }));
    expect(await screen.findByText(DELETE.confirmText as string)).toBeInTheDocument();
    expect(screen.queryByLabelText("Reason for deletion (required):")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "OK" })).toHaveFocus());

    await user.click(screen.getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.getByLabelText("Reason for deletion (required):")).toHaveFocus());
    expect(answer()).toHaveTextContent("pending");
  });

  it("cannot be confirmed with a blank reason", async () => {
    const { user, field } = await askedForReason();
    const submit = screen.getByRole("button", { name: "Delete" });
    expect(submit).toBeDisabled();

    await user.type(field, "   ");
    expect(submit).toBeDisabled();
    await user.keyboard("{Control>}{Enter}{/Control}");
    await user.click(submit);
    expect(answer()).toHaveTextContent("pending");
    expect(openDialog()).toBeInTheDocument();
  });

  it.each([
    ["a right-to-left override", "spam \u202egnp.exe", "Reason must not contain control or bidirectional-override characters"],
    ["more than 1000 characters (kept, not cut)", "x".repeat(1001), "Reason must be at most 1000 characters"],
  ])("says why and cannot be confirmed with %s", async (_label, text, message) => {
    const { user, field } = await askedForReason();
    // Pasted in one go (typing 1001 characters re-renders the modal 1001 times).
    fireEvent.change(field, { target: { value: text } });
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(field).toHaveValue(text);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Delete" })).toBeDisabled();
    fireEvent.keyDown(field, { key: "Enter", ctrlKey: true });
    expect(answer()).toHaveTextContent("pending");

    fireEvent.change(field, { target: { value: "a fair reason" } });
    await waitFor(() => expect(screen.queryByRole("alert")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(answer()).toHaveTextContent('"a fair reason"'));
  });

  it("resolves the trimmed reason once confirmed", async () => {
    const { user, field } = await askedForReason();
    await user.type(field, "  Fake item ");
    expect(answer()).toHaveTextContent("pending");
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(answer()).toHaveTextContent('"Fake item"'));
  });

  it("submits with Ctrl+Enter from the field", async () => {
    const { user, field } = await askedForReason();
    await user.type(field, "Spam");
    await user.keyboard("{Control>}{Enter}{/Control}");
    await waitFor(() => expect(answer()).toHaveTextContent('"Spam"'));
  });

  it("resolves null when the confirmation is cancelled, without asking for a reason", async () => {
    const user = userEvent.setup();
    render(<ReasonHost />);
    await user.click(screen.getByRole("button", { name: "Ask" }));
    await screen.findByText(DELETE.confirmText as string);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(answer()).toHaveTextContent("null"));
    expect(screen.queryByLabelText("Reason for deletion (required):")).not.toBeInTheDocument();
  });

  it("resolves null when the reason step is cancelled, even with text typed", async () => {
    const { user, field } = await askedForReason();
    await user.type(field, "No");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(answer()).toHaveTextContent("null"));
  });

  it("resolves null on Escape from the reason field", async () => {
    const { field } = await askedForReason();
    // antd's dialog reads keyCode, which user-event leaves out for keys typed into a text area.
    fireEvent.keyDown(field, { key: "Escape", code: "Escape", keyCode: 27 });
    await waitFor(() => expect(answer()).toHaveTextContent("null"));
  });

  it("starts every question from the confirmation with an empty field", async () => {
    const { user, field: first } = await askedForReason();
    await user.type(first, "First");
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(answer()).toHaveTextContent('"First"'));

    const field = await throughConfirmation(user);
    expect(field).toHaveValue("");
    expect(screen.getByRole("button", { name: "Delete" })).toBeDisabled();
  });

  it("answers null when the component goes away mid-question", async () => {
    const user = userEvent.setup();
    let settled: string | null | undefined;
    function Host() {
      const { ask, holder } = useReasonPrompt();
      return (
        <>
          <button onClick={() => void ask(DELETE).then((reason) => (settled = reason))}>Ask</button>
          {holder}
        </>
      );
    }
    const { unmount } = render(<Host />);
    await user.click(screen.getByRole("button", { name: "Ask" }));
    await screen.findByText(DELETE.confirmText as string);
    unmount();
    await act(async () => undefined);
    expect(settled).toBeNull();
  });
});

function ConfirmHost({ options }: { options: ConfirmOptions }) {
  const { confirm, holder } = useConfirm();
  const [result, setResult] = useState("pending");
  return (
    <>
      <button onClick={() => void confirm(options).then((ok) => setResult(String(ok)))}>Ask</button>
      <output aria-label="answer">{result}</output>
      {holder}
    </>
  );
}

const INIT = "Are you sure you want to initialize the marketplace? This action can only be done once.";

describe("useConfirm", () => {
  it("resolves true on OK, with OK focused", async () => {
    const user = userEvent.setup();
    render(<ConfirmHost options={{ content: INIT }} />);
    await user.click(screen.getByRole("button", { name: "Ask" }));
    expect(await screen.findByText(INIT)).toBeInTheDocument();
    expect(screen.getByText("Please confirm")).toBeInTheDocument();
    expect(answer()).toHaveTextContent("pending");
    await waitFor(() => expect(screen.getByRole("button", { name: "OK" })).toHaveFocus());
    await user.keyboard("{Enter}");
    await waitFor(() => expect(answer()).toHaveTextContent("true"));
  });

  it("resolves false on Cancel and on Escape", async () => {
    const user = userEvent.setup();
    render(<ConfirmHost options={{ title: "Initialize", content: INIT, okText: "Initialize", danger: true }} />);
    await user.click(screen.getByRole("button", { name: "Ask" }));
    expect(await screen.findByRole("button", { name: "Initialize" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(answer()).toHaveTextContent("false"));

    await user.click(screen.getByRole("button", { name: "Ask" }));
    await waitFor(() => expect(answer()).toHaveTextContent("false"));
    await screen.findByRole("button", { name: "Initialize" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(answer()).toHaveTextContent("false"));
  });
});
