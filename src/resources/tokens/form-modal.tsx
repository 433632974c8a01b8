// The 'Add New Token' / 'Edit Token' modal (SPEC §2, rules of SPEC §5). Both go through Refine's
// useModalForm: create POSTs /tokens/admin, edit PATCHes /tokens/admin/:id. The API has no
// GET /tokens/admin/:id, so an edit starts from the list row the admin clicked.
import { useEffect, useState } from "react";
import { Alert, Form, Input, InputNumber, Modal } from "antd";
import { useModalForm } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { antdRule } from "@/utils/form-rules";
import { fields, type Token } from "@contract";
import type { ApiHttpError } from "@/providers/http";

export interface TokenFormValues {
  mintAddress: string;
  symbol: string;
  name: string;
  decimals: number | null;
  logoUrl: string | null;
}

type Action = "create" | "edit";

const rules = {
  mintAddress: [antdRule(fields.mintAddress)],
  // Adding wrapped SOL is refused (it is native SOL's, added by Init SOL): say so before the API does.
  newMintAddress: [antdRule(fields.newMintAddress)],
  symbol: [antdRule(fields.symbol)],
  name: [antdRule(fields.name)],
  decimals: [antdRule(fields.decimals)],
  logoUrl: [antdRule(fields.logoUrl)],
};

const TEXT: Record<Action, { title: string; ok: string }> = {
  create: { title: "Add New Token", ok: "Create" },
  edit: { title: "Edit Token", ok: "Update" },
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

function toFormValues(token: Token): TokenFormValues {
  const { mintAddress, symbol, name, decimals, logoUrl } = token;
  return { mintAddress, symbol, name, decimals, logoUrl: logoUrl ?? null };
}

/** The server's own words when it sent some (409 duplicate mint, 400 ...), else the error's. */
function saveErrorText(error: HttpError): string {
  return (error as ApiHttpError).serverMessage ?? error.message ?? "Could not save the token";
}

export function useTokenModalForm(action: Action) {
  const [record, setRecord] = useState<Token>();
  const [saveError, setSaveError] = useState<string>();
  const modalForm = useModalForm<Token, HttpError, TokenFormValues>({
    resource: "tokens",
    action,
    redirect: false,
    mutationMode: "pessimistic",
    // No getOne for tokens: the form is filled from the row (see `initialValues` below).
    queryOptions: { enabled: false },
    // The modal shows the failure itself, next to what the admin typed.
    errorNotification: false,
    onMutationError: (error) => setSaveError(saveErrorText(error)),
  });

  // Each open resets the form to `initialValues` (the clicked row, or empty). Refine resets only when
  // the id changes, and after a successful save it keeps the id: reopening that row would show
  // the values from before the save. Declared after useModalForm, so this runs after its reset.
  const [opens, setOpens] = useState(0);
  const { form } = modalForm;
  useEffect(() => {
    if (opens > 0) form.resetFields();
  }, [opens, form]);

  const open = (token?: Token) => {
    setSaveError(undefined);
    setRecord(token);
    setOpens((count) => count + 1);
    modalForm.show(token?.id);
  };

  return { ...modalForm, action, open, record, saveError, clearSaveError: () => setSaveError(undefined) };
}

export type TokenModalForm = ReturnType<typeof useTokenModalForm>;

export function TokenFormModal({ form: modalForm }: { form: TokenModalForm }) {
  const { action, formProps, modalProps, record, saveError, clearSaveError } = modalForm;
  const editing = action === "edit";

  const onFinish = async (values: TokenFormValues) => {
    clearSaveError();
    try {
      await formProps.onFinish?.(toTokenBody(values));
    } catch {
      // Refused by the server: the modal stays open with the input, and onMutationError set the text.
    }
  };

  return (
    <Modal {...modalProps} title={TEXT[action].title} okText={TEXT[action].ok} cancelText="Cancel" width={520}>
      {saveError ? <Alert className="token-form__error" type="error" showIcon message={saveError} /> : null}
      <Form<TokenFormValues>
        {...formProps}
        // Both modals stay mounted: the name keeps their field ids (and label links) apart.
        name={`token-${action}`}
        // What every open resets the form to (see `opens` above).
        initialValues={record ? toFormValues(record) : undefined}
        layout="vertical"
        onFinish={onFinish}
      >
        <Form.Item label="Mint Address" name="mintAddress" rules={editing ? rules.mintAddress : rules.newMintAddress} required>
          <Input disabled={editing} autoComplete="off" spellCheck={false} placeholder="Token mint address" />
        </Form.Item>
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
      </Form>
    </Modal>
  );
}
