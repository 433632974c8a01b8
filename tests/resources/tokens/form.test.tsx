import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@contract";
import { compileFirst, renderApp } from "../../app/support";
import { expectFormMessage } from "../../support/form-message";
import { BONK, NEW_MINT, page, RAY, rowWith, tokenListCalls, tokensApi, USDC } from "./fixtures";

compileFirst(
  () => import("@/resources/tokens/list"),
  () => import("@/components/antd/notifier"),
);

async function openTokens() {
  renderApp("/tokens");
  await screen.findByText("USD Coin");
}

// By its title: in tests rc-util gives every modal title the same id ("test-id"), so the dialogs'
// accessible names cannot tell them apart (in a browser the ids are unique).
// The modal is a lazy chunk: a click opens it once the chunk is there.
async function dialog(title: string): Promise<HTMLElement> {
  const modal = (await screen.findByText(title, { selector: ".ant-modal-title" })).closest<HTMLElement>("[role=dialog]");
  if (!modal) throw new Error(`No dialog titled ${title}`);
  return modal;
}

function fieldsOf(modal: HTMLElement) {
  const get = within(modal);
  return {
    mint: get.getByLabelText("Mint Address") as HTMLInputElement,
    symbol: get.getByLabelText("Symbol") as HTMLInputElement,
    name: get.getByLabelText("Name") as HTMLInputElement,
    decimals: get.getByLabelText("Decimals") as HTMLInputElement,
    logo: get.getByLabelText("Logo URL (optional)") as HTMLInputElement,
  };
}

const valuesOf = (modal: HTMLElement) => {
  const f = fieldsOf(modal);
  return { mint: f.mint.value, symbol: f.symbol.value, name: f.name.value, decimals: f.decimals.value, logo: f.logo.value };
};

/** Pasted in one go: typing a 44-character mint key by key re-validates the form on every key, slowly. */
async function enter(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

async function replaceText(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  if (text) await enter(input, text);
}

async function openCreate() {
  await userEvent.click(screen.getByRole("button", { name: /Add Token/ }));
  return dialog("Add New Token");
}

async function openEdit(symbol: string) {
  await userEvent.click(screen.getByRole("button", { name: `Edit ${symbol}` }));
  const modal = await dialog("Edit Token");
  await waitFor(() => expect(fieldsOf(modal).symbol.value).toBe(symbol));
  return modal;
}

async function cancel(modal: HTMLElement) {
  await userEvent.click(within(modal).getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(modal).not.toBeVisible());
}

describe("Add New Token / Edit Token modal", () => {
  it("shows the validation messages for every field and sends nothing while any is invalid", async () => {
    const api = tokensApi();
    await openTokens();
    const modal = await openCreate();
    expect(within(modal).getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    expect(valuesOf(modal)).toEqual({ mint: "", symbol: "", name: "", decimals: "", logo: "" });
    expect(fieldsOf(modal).mint).toBeEnabled();

    await userEvent.click(within(modal).getByRole("button", { name: "Create" }));
    await expectFormMessage(MESSAGES.invalidAddress, modal);
    expect(within(modal).getByText("Symbol is required")).toBeInTheDocument();
    expect(within(modal).getByText("Name is required")).toBeInTheDocument();
    expect(within(modal).getByText(MESSAGES.decimalsRequired)).toBeInTheDocument();

    const f = fieldsOf(modal);
    await enter(f.mint, "too-short-for-a-mint");
    await enter(f.symbol, "ABCDEFGHIJK");
    await enter(f.name, "N".repeat(51));
    await enter(f.decimals, "19");
    await enter(f.logo, "not a url");
    await userEvent.click(within(modal).getByRole("button", { name: "Create" }));
    // The mint's message is replaced by the same text: until antd's fade ends the old one may be
    // found just before it leaves, so wait for all five to stand.
    await waitFor(() => {
      for (const message of ["Invalid Solana address", "Symbol too long", "Name too long", MESSAGES.decimalsRange, "Invalid URL"]) {
        expect(within(modal).getByText(message)).toBeInTheDocument();
      }
    });

    // At the limits the rules pass: 10-character symbol, 50-character name, 18 decimals.
    await replaceText(f.symbol, "ABCDEFGHIJ");
    await replaceText(f.name, "N".repeat(50));
    await replaceText(f.decimals, "18");
    await replaceText(f.logo, "");
    // antd lets a cleared message fade out, so wait for each to go.
    for (const gone of ["Symbol too long", "Name too long", MESSAGES.decimalsRange, "Invalid URL"]) {
      await waitFor(() => expect(within(modal).queryByText(gone)).not.toBeInTheDocument());
    }
    expect(within(modal).getByText("Invalid Solana address")).toBeInTheDocument();

    expect(api.requests("POST")).toHaveLength(0);
  });

  it("creates with POST /tokens/admin, closes, refreshes the list and opens empty next time", async () => {
    const api = tokensApi();
    const jup = {
      id: "tok-jup",
      mintAddress: NEW_MINT,
      symbol: "JUP",
      name: "Jupiter",
      decimals: 6,
      logoUrl: "https://example.com/jup.png",
      isActive: true,
    };
    api.post("/tokens/admin", [201, { data: jup }]);
    await openTokens();
    const modal = await openCreate();
    const f = fieldsOf(modal);
    await enter(f.mint, ` ${NEW_MINT} `);
    await enter(f.symbol, "JUP");
    await enter(f.name, "Jupiter");
    await enter(f.decimals, "6");
    await enter(f.logo, "https://example.com/jup.png");

    api.get("/tokens/admin", [200, page([jup, USDC, BONK, RAY])]);
    await userEvent.click(within(modal).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(modal).not.toBeVisible());
    expect(api.requests("POST")).toHaveLength(1);
    expect(api.requests("POST")[0].path).toBe("/tokens/admin");
    expect(api.requests("POST")[0].body).toEqual({
      mintAddress: NEW_MINT,
      symbol: "JUP",
      name: "Jupiter",
      decimals: 6,
      logoUrl: "https://example.com/jup.png",
    });
    expect(await screen.findByText("Jupiter")).toBeInTheDocument();
    // The screen's read, the form's look for the typed mint among the listed tokens, the refresh.
    expect(tokenListCalls(api)).toHaveLength(3);

    await openCreate();
    expect(valuesOf(modal)).toEqual({ mint: "", symbol: "", name: "", decimals: "", logo: "" });
  });

  it("a refused create keeps what was typed and shows the server's message (409 duplicate mint)", async () => {
    const api = tokensApi();
    const duplicate = `A token with mint address ${USDC.mintAddress} is already listed (USDC)`;
    api.post("/tokens/admin", [409, { message: duplicate }]);
    await openTokens();
    const modal = await openCreate();
    const f = fieldsOf(modal);
    await enter(f.mint, USDC.mintAddress);
    await enter(f.symbol, "USDC2");
    await enter(f.name, "Another USDC");
    await enter(f.decimals, "6");
    await userEvent.click(within(modal).getByRole("button", { name: "Create" }));

    expect(await within(modal).findByText(duplicate)).toBeInTheDocument();
    expect(modal).toBeVisible();
    expect(valuesOf(modal)).toEqual({ mint: USDC.mintAddress, symbol: "USDC2", name: "Another USDC", decimals: "6", logo: "" });
    expect(api.requests("POST")).toHaveLength(1);
  });

  it("every edit opens with the clicked row's values and the mint locked", async () => {
    tokensApi();
    await openTokens();

    let modal = await openEdit("USDC");
    expect(valuesOf(modal)).toEqual({ mint: USDC.mintAddress, symbol: "USDC", name: "USD Coin", decimals: "6", logo: USDC.logoUrl });
    expect(fieldsOf(modal).mint).toBeDisabled();
    expect(within(modal).getByRole("button", { name: "Update" })).toBeInTheDocument();
    // Typed but not saved: must not leak into the next open.
    await replaceText(fieldsOf(modal).name, "Scribbled");
    await cancel(modal);

    modal = await openEdit("BONK");
    expect(valuesOf(modal)).toEqual({ mint: BONK.mintAddress, symbol: "BONK", name: "Bonk", decimals: "5", logo: "" });
    await cancel(modal);

    modal = await openEdit("USDC");
    expect(valuesOf(modal)).toEqual({ mint: USDC.mintAddress, symbol: "USDC", name: "USD Coin", decimals: "6", logo: USDC.logoUrl });
  });

  it("updates with PATCH /tokens/admin/:id and the token's fields, then refreshes the list", async () => {
    const api = tokensApi();
    const renamed = { ...BONK, name: "Bonk Inu", logoUrl: "https://example.com/bonk.png" };
    api.patch(`/tokens/admin/${BONK.id}`, [200, { data: renamed }]);
    await openTokens();
    const modal = await openEdit("BONK");
    await replaceText(fieldsOf(modal).name, "Bonk Inu");
    await enter(fieldsOf(modal).logo, "https://example.com/bonk.png");

    api.get("/tokens/admin", [200, page([USDC, renamed, RAY])]);
    await userEvent.click(within(modal).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(modal).not.toBeVisible());
    expect(api.requests("PATCH")).toHaveLength(1);
    expect(api.requests("PATCH")[0].path).toBe(`/tokens/admin/${BONK.id}`);
    expect(api.requests("PATCH")[0].body).toEqual({
      mintAddress: BONK.mintAddress,
      symbol: "BONK",
      name: "Bonk Inu",
      decimals: 5,
      logoUrl: "https://example.com/bonk.png",
    });
    expect(await screen.findByText("Bonk Inu")).toBeInTheDocument();

    // The next open shows the refreshed row, not what the form held before.
    const again = await openEdit("BONK");
    expect(fieldsOf(again).name.value).toBe("Bonk Inu");
  });

  it("a refused update keeps the input and shows the server's message; reopening shows the row again", async () => {
    const api = tokensApi();
    api.patch(`/tokens/admin/${USDC.id}`, [
      400,
      {
        message: "Invalid request: symbol: Symbol too long",
        errors: [{ field: "symbol", message: "Symbol too long" }],
      },
    ]);
    await openTokens();
    const modal = await openEdit("USDC");
    await replaceText(fieldsOf(modal).name, "USD Coin (bridged)");
    await replaceText(fieldsOf(modal).logo, "");
    await userEvent.click(within(modal).getByRole("button", { name: "Update" }));

    await expectFormMessage("Invalid request: symbol: Symbol too long", modal);
    // The server's field error lands under its field too.
    await expectFormMessage("Symbol too long", modal);
    expect(modal).toBeVisible();
    expect(valuesOf(modal)).toMatchObject({ name: "USD Coin (bridged)", logo: "" });
    expect(api.requests("PATCH")[0].body).toMatchObject({ name: "USD Coin (bridged)", logoUrl: null });

    await cancel(modal);
    const again = await openEdit("USDC");
    expect(valuesOf(again)).toMatchObject({ name: "USD Coin", logo: USDC.logoUrl });
    expect(within(again).queryByText("Invalid request: symbol: Symbol too long")).not.toBeInTheDocument();
    await waitFor(() => expect(within(again).queryByText("Symbol too long")).not.toBeInTheDocument());
    expect(rowWith("USD Coin")).toBeTruthy();
  });
});
