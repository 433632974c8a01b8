import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { MintRiskReport, Token } from "@contract";
import { columnTitles, compileFirst, renderApp } from "../../app/support";
import { expectFormMessage } from "../../support/form-message";
import { BONK, NEW_MINT, rowWith, tokensApi, USDC } from "./fixtures";

compileFirst(
  () => import("@/resources/tokens/list"),
  () => import("@/resources/tokens/edit-modal"),
);

const checkedAt = "2026-11-25T10:00:00.000Z";
const WARNED: Token = {
  ...USDC,
  risk: { verdict: "warn", summary: "freeze authority Fr33ze can freeze the escrow's token account", checkedAt },
};
const FLAGGED: Token = { ...BONK, risk: { verdict: "reject", summary: "Pausable: the mint is paused", checkedAt } };

const REPORT: MintRiskReport = {
  program: "token-2022",
  decimals: 5,
  mintAuthority: null,
  freezeAuthority: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
  extensions: [
    { type: 26, name: "Pausable", verdict: "reject", detail: "the mint is paused: no transfer, so no payout, until Issuer resumes it" },
    { type: 18, name: "Metadata pointer", verdict: "info", detail: "names where the token's metadata lives" },
  ],
  checkedAt,
  verdict: "reject",
  refusals: ["Pausable: the mint is paused: no transfer, so no payout, until Issuer resumes it"],
  warnings: ["freeze authority 9xQe can freeze the escrow's token account"],
  cluster: "devnet",
};

async function openCreate(): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole("button", { name: /Add Token/ }));
  const title = await screen.findByText("Add New Token", { selector: ".ant-modal-title" });
  return title.closest<HTMLElement>("[role=dialog]")!;
}

async function pasteMint(modal: HTMLElement, mint: string) {
  await userEvent.click(within(modal).getByLabelText("Mint Address"));
  await userEvent.paste(mint);
}

async function openEdit(symbol: string): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole("button", { name: `Edit ${symbol}` }));
  const title = await screen.findByText("Edit Token", { selector: ".ant-modal-title" });
  return title.closest<HTMLElement>("[role=dialog]")!;
}

describe("Token risk (beyond the core API)", () => {
  it("shows a Risk column when the API reports risks, each verdict in words with its reason on hover", async () => {
    tokensApi([WARNED, FLAGGED]);
    renderApp("/tokens");
    await screen.findByText("USD Coin");
    expect(columnTitles()).toEqual(["Logo", "Symbol", "Name", "Mint Address", "Decimals", "Status", "Risk", "Actions"]);
    expect(within(rowWith("USD Coin")).getByText("Warnings")).toBeInTheDocument();
    const flagged = within(rowWith("Bonk")).getByText("Flagged");
    await userEvent.hover(flagged);
    expect(await screen.findByText("Pausable: the mint is paused")).toBeInTheDocument();
  });

  it("the Edit Token modal reads the mint's report: refusals, warnings, authorities and each extension", async () => {
    const api = tokensApi([WARNED, FLAGGED]);
    api.get(`/tokens/admin/${BONK.id}/risk`, [200, { data: REPORT }]);
    renderApp("/tokens");
    const modal = await openEdit("BONK");
    const section = within(await within(modal).findByRole("region", { name: "Mint risk" }));
    expect(await section.findByText("Refused: not safe to settle in")).toBeInTheDocument();
    expect(section.getByText(REPORT.refusals[0]!)).toBeInTheDocument();
    expect(section.getByText(REPORT.warnings[0]!)).toBeInTheDocument();
    expect(section.getByText("Token-2022")).toBeInTheDocument();
    expect(section.getByText("None")).toBeInTheDocument();
    const extensions = within(section.getByRole("list", { name: "Token extensions" })).getAllByRole("listitem");
    expect(extensions.map((item) => item.textContent)).toEqual([
      "Pausablerejectthe mint is paused: no transfer, so no payout, until Issuer resumes it",
      "Metadata pointerinfonames where the token's metadata lives",
    ]);
    expect(api.requests("GET", `/tokens/admin/${BONK.id}/risk`)).toHaveLength(1);
  });

  it("against an API with only the core calls (the report answers 404) the modal shows no section and asks once per session", async () => {
    const api = tokensApi([USDC, BONK]);
    renderApp("/tokens");
    await screen.findByText("USD Coin");
    expect(columnTitles()).not.toContain("Risk");
    let modal = await openEdit("USDC");
    await waitFor(() => expect(api.requests("GET", `/tokens/admin/${USDC.id}/risk`)).toHaveLength(1));
    await waitFor(() => expect(within(modal).queryByText("Reading the mint on chain...")).not.toBeInTheDocument());
    expect(within(modal).queryByRole("region", { name: "Mint risk" })).not.toBeInTheDocument();
    await userEvent.click(within(modal).getByRole("button", { name: "Cancel" }));
    modal = await openEdit("BONK");
    expect(within(modal).queryByRole("region", { name: "Mint risk" })).not.toBeInTheDocument();
    expect(api.requests("GET", `/tokens/admin/${BONK.id}/risk`)).toHaveLength(0);
  });

  it("the Add New Token form reads a pasted mint from the chain: fills Decimals and says what adding it would meet", async () => {
    const api = tokensApi([USDC]);
    const found: MintRiskReport = {
      ...REPORT,
      program: "spl-token",
      decimals: 8,
      extensions: [],
      verdict: "warn",
      refusals: [],
      warnings: ["mint authority Issuer can mint more supply"],
    };
    api.get("/tokens/admin/mint-risk", [200, { data: found }]);
    renderApp("/tokens");
    const modal = await openCreate();
    await pasteMint(modal, NEW_MINT);
    expect(await within(modal).findByText("SPL Token mint, 8 decimals")).toBeInTheDocument();
    expect(within(modal).getByText("mint authority Issuer can mint more supply")).toBeInTheDocument();
    await waitFor(() => expect((within(modal).getByLabelText("Decimals") as HTMLInputElement).value).toBe("8"));
    expect(api.requests("GET", "/tokens/admin/mint-risk").map((request) => request.query)).toEqual([{ mintAddress: NEW_MINT }]);
  });

  it("warns before Create that a mint will be refused, and keeps decimals the admin typed", async () => {
    const api = tokensApi([USDC]);
    api.get("/tokens/admin/mint-risk", [200, { data: REPORT }]);
    renderApp("/tokens");
    const modal = await openCreate();
    await userEvent.click(within(modal).getByLabelText("Decimals"));
    await userEvent.paste("2");
    await pasteMint(modal, NEW_MINT);
    expect(await within(modal).findByText("This mint will be refused")).toBeInTheDocument();
    expect(within(modal).getByText(REPORT.refusals[0]!)).toBeInTheDocument();
    expect((within(modal).getByLabelText("Decimals") as HTMLInputElement).value).toBe("2");
  });

  it("against an API with only the core calls the Add form reads nothing more than it did", async () => {
    const api = tokensApi([USDC]);
    renderApp("/tokens");
    const modal = await openCreate();
    await pasteMint(modal, NEW_MINT);
    await waitFor(() => expect(api.requests("GET", "/tokens/admin/mint-risk")).toHaveLength(1));
    expect((within(modal).getByLabelText("Decimals") as HTMLInputElement).value).toBe("");
    expect(within(modal).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("asks for a confirmation before adding a mint the chain could not confirm, and adds it once confirmed", async () => {
    const api = tokensApi([USDC]);
    const unverified: MintRiskReport = {
      ...REPORT,
      program: null,
      decimals: null,
      freezeAuthority: null,
      extensions: [],
      verdict: "unverified",
      refusals: [],
      warnings: ["Unverified: the in-process chain holds only the seed's mints, so this mint could not be checked"],
    };
    api.get("/tokens/admin/mint-risk", [200, { data: unverified }]);
    api.post("/tokens/admin", [201, { data: { ...USDC, id: "t-new", mintAddress: NEW_MINT, symbol: "NEW", name: "New Coin" } }]);
    renderApp("/tokens");
    const modal = await openCreate();
    await pasteMint(modal, NEW_MINT);
    const confirm = await within(modal).findByRole("checkbox", { name: /Add it although the chain could not confirm this mint/ });
    await userEvent.type(within(modal).getByLabelText("Symbol"), "NEW");
    await userEvent.type(within(modal).getByLabelText("Name"), "New Coin");
    await userEvent.type(within(modal).getByLabelText("Decimals"), "6");
    await userEvent.click(within(modal).getByRole("button", { name: "Create" }));
    await expectFormMessage("Confirm that this mint should be added unverified", modal);
    expect(api.requests("POST")).toHaveLength(0);

    await userEvent.click(confirm);
    await userEvent.click(within(modal).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(api.requests("POST")).toHaveLength(1));
    expect(Object.keys(api.requests("POST")[0].body as object).sort()).toEqual(["decimals", "logoUrl", "mintAddress", "name", "symbol"]);
  });

  it("says while typing that a mint is listed but inactive, and re-activates that token through PATCH isActive", async () => {
    const inactive = { ...BONK, isActive: false };
    const api = tokensApi([USDC, inactive]);
    api.patch(`/tokens/admin/${BONK.id}`, [200, { data: { ...inactive, isActive: true } }]);
    renderApp("/tokens");
    const modal = await openCreate();
    await pasteMint(modal, BONK.mintAddress);
    expect(await within(modal).findByText(`Already listed as ${BONK.symbol}, inactive`)).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole("button", { name: `Re-activate ${BONK.symbol}` }));
    await waitFor(() => expect(api.requests("PATCH")).toHaveLength(1));
    expect(api.requests("PATCH")[0]).toMatchObject({ path: `/tokens/admin/${BONK.id}`, body: { isActive: true } });
    expect(api.requests("POST")).toHaveLength(0);
  });
});
