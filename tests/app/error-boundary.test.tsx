import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "@/components/error-boundary";

function Boom({ message }: { message: string }): never {
  throw new Error(message);
}

describe("ErrorBoundary", () => {
  it("replaces a crashed tree with 'Something went wrong!' and toggles the error details", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined); // React and the boundary both log
    const user = userEvent.setup();
    render(
      <ErrorBoundary>
        <Boom message="token list exploded" />
      </ErrorBoundary>,
    );

    expect(screen.getByRole("heading", { name: "Something went wrong!" })).toBeInTheDocument();
    expect(screen.queryByText(/token list exploded/)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Show Error" }));
    expect(screen.getByTestId("error-details")).toHaveTextContent("token list exploded");
    expect(screen.getByRole("button", { name: "Hide Error" })).toHaveAttribute("aria-expanded", "true");

    await user.click(screen.getByRole("button", { name: "Hide Error" }));
    expect(screen.queryByTestId("error-details")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Show Error" })).toBeInTheDocument();
  });

  it("renders its children when nothing throws, and retries them when the reset key changes", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { rerender } = render(
      <ErrorBoundary resetKey="/tokens">
        <Boom message="broken screen" />
      </ErrorBoundary>,
    );
    expect(screen.getByText("Something went wrong!")).toBeInTheDocument();

    rerender(
      <ErrorBoundary resetKey="/users">
        <p>User Management</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText("User Management")).toBeInTheDocument();
    expect(screen.queryByText("Something went wrong!")).not.toBeInTheDocument();
  });
});
