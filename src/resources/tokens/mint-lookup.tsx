// The Add New Token form reads the mint it is given from the chain (GET /tokens/admin/mint-risk,
// beyond the core API): it fills Decimals when none were typed, and says before Create what adding
// the mint would meet (a refusal and why, or its warnings). An API without the call (404) shows
// nothing, and the console stops asking for the session.
import { useEffect } from "react";
import { Alert, Button, Checkbox, Form, type AlertProps } from "antd";
import { useCustom, useList, useUpdate, type HttpError } from "@refinedev/core";
import { endpoints } from "@/providers/endpoints";
import { useKnownMissing, useRememberMissing } from "@/providers/query-policy";
import { fields, type MintRiskReport, type Token } from "@contract";
import { Lines, PROGRAM_LABEL } from "./risk";

/** What the form says of the mint typed, under its field. */
const MintAlert = (props: Omit<AlertProps, "className" | "showIcon">) => <Alert className="token-mint-lookup" showIcon {...props} />;

/**
 * A mint already on the whitelist's first page (GET /tokens/admin, what the Tokens screen shows) is
 * said while typing, not after Create: an inactive one offers its re-activation (PATCH isActive).
 */
export function ListedMint({ mintAddress }: { mintAddress: string }) {
  const { result } = useList<Token, HttpError>({ resource: "tokens", errorNotification: false });
  const { mutate, mutation } = useUpdate<Token, HttpError, Pick<Token, "isActive">>();
  const listed = mintAddress ? result.data.find((token) => token.mintAddress === mintAddress) : undefined;
  if (!listed) return null;
  if (listed.isActive) {
    return <MintAlert type="error" message={`Already listed as ${listed.symbol}`} />;
  }
  return (
    <MintAlert
      type="warning"
      message={`Already listed as ${listed.symbol}, inactive`}
      description="Re-activate it instead of adding it again."
      action={
        <Button
          size="small"
          loading={mutation.isPending}
          onClick={() => mutate({ resource: "tokens", id: listed.id, values: { isActive: true }, mutationMode: "pessimistic" })}
        >
          {`Re-activate ${listed.symbol}`}
        </Button>
      }
    />
  );
}

const confirmed = (_rule: unknown, checked: unknown) =>
  checked === true ? Promise.resolve() : Promise.reject(new Error("Confirm that this mint should be added unverified"));

export function MintLookup() {
  const mintAddress = String(Form.useWatch("mintAddress", Form.useFormInstance()) ?? "").trim();
  return (
    <>
      {fields.newMintAddress.safeParse(mintAddress).success ? <ListedMint mintAddress={mintAddress} /> : null}
      <MintOnChain />
    </>
  );
}

function MintOnChain() {
  const form = Form.useFormInstance();
  const mintAddress = String(Form.useWatch("mintAddress", form) ?? "").trim();
  const valid = fields.newMintAddress.safeParse(mintAddress).success;
  const unavailable = useKnownMissing("mintRisk");
  const { query } = useCustom<MintRiskReport>({
    url: endpoints.mintRisk,
    method: "get",
    config: { query: { mintAddress } },
    errorNotification: false,
    queryOptions: { enabled: valid && !unavailable },
  });
  const notFound = useRememberMissing("mintRisk", query.error);
  const report = valid && !query.isPlaceholderData ? query.data?.data : undefined;

  const decimals = report?.decimals ?? null;
  useEffect(() => {
    if (decimals !== null && (form.getFieldValue("decimals") ?? null) === null) form.setFieldValue("decimals", decimals);
  }, [decimals, form]);

  if (unavailable || notFound || !report) return null;
  if (report.verdict === "reject") {
    return <MintAlert type="error" message="This mint will be refused" description={<Lines items={report.refusals} />} />;
  }
  if (report.verdict === "unverified") {
    // The server could not read this mint (no chain, or one holding only the seed's mints): adding it
    // is the admin's call, made deliberately. The field is the form's own, never sent (toTokenBody).
    return (
      <>
        <MintAlert type="warning" message="The chain could not confirm this mint" description={<Lines items={report.warnings} />} />
        <Form.Item name="addUnverified" valuePropName="checked" rules={[{ validator: confirmed }]}>
          <Checkbox>Add it although the chain could not confirm this mint</Checkbox>
        </Form.Item>
      </>
    );
  }
  const found = report.program ? `${PROGRAM_LABEL[report.program]} mint, ${report.decimals} decimals` : "Not found on chain";
  if (report.warnings.length === 0) return <MintAlert type="success" message={found} />;
  return (
    <MintAlert type={report.verdict === "warn" ? "warning" : "info"} message={found} description={<Lines items={report.warnings} />} />
  );
}
