// The 'Add New Token' / 'Edit Token' modal, with the contract's field rules: create POSTs
// /tokens/admin, edit PATCHes /tokens/admin/:id. The API has no GET /tokens/admin/:id, so an edit
// starts from the list row the admin clicked. Both are lazy dialogs of the Tokens screen (list.tsx).
// An edit also shows the mint's on-chain risk report (risk-report.tsx), and an add reads the mint it
// is given (mint-lookup.tsx): both beyond the core API.
import { Form, Input, InputNumber } from "antd";
import type { EditDialogProps } from "@/components/forms/edit-dialog";
import { useEditModal } from "@/components/forms/edit-modal";
import { antdRule } from "@/utils/form-rules";
import { fields, type Token } from "@contract";
import { MintLookup } from "./mint-lookup";
import { MintRiskSection } from "./risk-report";

export interface TokenFormValues {
  mintAddress: string;
  symbol: string;
  name: string;
  decimals: number | null;
  logoUrl: string | null;
}

const rules = {
  mintAddress: [antdRule(fields.mintAddress)],
  // Adding wrapped SOL is refused (it is native SOL's, added by Init SOL): say so before the API does.
  newMintAddress: [antdRule(fields.newMintAddress)],
  symbol: [antdRule(fields.symbol)],
  name: [antdRule(fields.name)],
  decimals: [antdRule(fields.decimals)],
  logoUrl: [antdRule(fields.logoUrl)],
};

/** What the API receives: trimmed text, and null for an empty logo (which clears it on edit). */
export function toTokenBody(values: TokenFormValues): TokenFormValues {
  const text = (value: string | null | undefined) => (value ?? "").trim();
  return {
    mintAddress: text(values.mintAddress),
    symbol: text(values.symbol),
    name: text(values.name),
    decimals: values.decimals,
    logoUrl: text(values.logoUrl) || null,
  };
}

function toFormValues({ mintAddress, symbol, name, decimals, logoUrl }: Token): TokenFormValues {
  return { mintAddress, symbol, name, decimals, logoUrl: logoUrl ?? null };
}

export function TokenCreateModal({ request }: EditDialogProps<Token>) {
  return useTokenEditModal("create", request);
}

export function TokenEditModal({ request }: EditDialogProps<Token>) {
  return useTokenEditModal("edit", request);
}

function useTokenEditModal(action: "create" | "edit", request: EditDialogProps<Token>["request"]) {
  const editing = action === "edit";
  return useEditModal<Token, TokenFormValues>({
    resource: "tokens",
    action,
    request,
    source: "row",
    noun: "token",
    title: editing ? "Edit Token" : "Add New Token",
    okText: editing ? "Update" : "Create",
    toFormValues,
    toBody: toTokenBody,
    fields: (record) => (
      <>
        <Form.Item label="Mint Address" name="mintAddress" rules={editing ? rules.mintAddress : rules.newMintAddress} required>
          <Input disabled={editing} autoComplete="off" spellCheck={false} placeholder="Token mint address" />
        </Form.Item>
        {editing ? null : <MintLookup />}
        <Form.Item label="Symbol" name="symbol" rules={rules.symbol} required>
          <Input autoComplete="off" placeholder="e.g. USDC" />
        </Form.Item>
        <Form.Item label="Name" name="name" rules={rules.name} required>
          <Input autoComplete="off" placeholder="e.g. USD Coin" />
        </Form.Item>
        <Form.Item label="Decimals" name="decimals" rules={rules.decimals} required>
          <InputNumber style={{ width: "100%" }} placeholder="0 to 18" />
        </Form.Item>
        <Form.Item label="Logo URL (optional)" name="logoUrl" rules={rules.logoUrl}>
          <Input type="url" autoComplete="off" placeholder="https://..." />
        </Form.Item>
        {editing && record ? <MintRiskSection tokenId={String(record.id)} /> : null}
      </>
    ),
  });
}
