// Turns a zod field schema into an antd Form rule, so the console's forms run the very rules the
// server enforces. Typed structurally: importing antd here would drag the UI into the server.
import type { ZodType } from "zod";

/** antd's `validator` signature: resolve when valid, reject with an Error carrying the message. */
export type AntdValidator = (rule: unknown, value: unknown) => Promise<void>;

export function zodValidator(schema: ZodType): AntdValidator {
  return async (_rule, value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Invalid value");
  };
}

/** `<Form.Item rules={[antdRule(fields.symbol)]}>` */
export function antdRule(schema: ZodType): { validator: AntdValidator } {
  return { validator: zodValidator(schema) };
}

/** One rule list per field: `antdRules({ symbol: fields.symbol, ... }).symbol`. */
export function antdRules<K extends string>(schemas: Record<K, ZodType>): Record<K, { validator: AntdValidator }[]> {
  const rules = {} as Record<K, { validator: AntdValidator }[]>;
  for (const key of Object.keys(schemas) as K[]) rules[key] = [antdRule(schemas[key])];
  return rules;
}
