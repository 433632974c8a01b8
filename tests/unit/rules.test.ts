// The shared validation rules: every message word for word, the business limits at their edges, the
// query schemas, and the antd validator adapter the console's forms use.
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import {
  MESSAGES,
  disputeResolutionSchema,
  fields,
  orderListQuerySchema,
  productStatusSchema,
  reasonSchema,
  shopUpdateSchema,
  tokenCreateSchema,
  tokenUpdateSchema,
  userListQuerySchema,
  userSearchQuerySchema,
  userUpdateSchema,
  WRAPPED_SOL_MINT,
} from "@contract";
import { antdRule, antdRules, zodValidator } from "@/utils/form-rules";

const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const validToken = { mintAddress: USDC, symbol: "USDC", name: "USD Coin", decimals: 6, logoUrl: "https://example.com/usdc.png" };

/** The { field, message } list a failed parse reports, as the server's 400 does. */
function errorsOf(schema: ZodType, value: unknown): { field: string; message: string }[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ field: i.path.join(".") || "body", message: i.message }));
}

describe("validation messages", () => {
  it("quotes the product's fixed texts exactly", () => {
    expect(MESSAGES).toMatchObject({
      invalidAddress: "Invalid Solana address",
      symbolRequired: "Symbol is required",
      symbolTooLong: "Symbol too long",
      nameRequired: "Name is required",
      nameTooLong: "Name too long",
      invalidUrl: "Invalid URL",
      invalidEmail: "Invalid email",
      adminNotesRequired: "Admin notes are required",
      adminNotesTooLong: "Admin notes must be less than 2000 characters",
      refundPercentage: "Refund percentage must be between 0 and 100",
    });
  });
});

describe("token form", () => {
  it("accepts a valid token and normalises an empty logo to null", () => {
    expect(tokenCreateSchema.parse(validToken)).toEqual(validToken);
    expect(tokenCreateSchema.parse({ ...validToken, logoUrl: "" }).logoUrl).toBeNull();
    expect(tokenCreateSchema.parse({ ...validToken, logoUrl: undefined }).logoUrl).toBeUndefined();
  });

  it.each([
    ["a 31-character mint", { mintAddress: "1".repeat(31) }, "mintAddress", "Invalid Solana address"],
    ["a mint with non-base58 characters", { mintAddress: "0OIl".repeat(10) }, "mintAddress", "Invalid Solana address"],
    ["a missing mint", { mintAddress: undefined }, "mintAddress", "Invalid Solana address"],
    ["an empty symbol", { symbol: "" }, "symbol", "Symbol is required"],
    ["a blank symbol", { symbol: "   " }, "symbol", "Symbol is required"],
    ["a missing symbol", { symbol: undefined }, "symbol", "Symbol is required"],
    ["an 11-character symbol", { symbol: "ABCDEFGHIJK" }, "symbol", "Symbol too long"],
    ["an empty name", { name: "" }, "name", "Name is required"],
    ["a 51-character name", { name: "n".repeat(51) }, "name", "Name too long"],
    ["decimals 19", { decimals: 19 }, "decimals", MESSAGES.decimalsRange],
    ["decimals -1", { decimals: -1 }, "decimals", MESSAGES.decimalsRange],
    ["decimals 2.5", { decimals: 2.5 }, "decimals", MESSAGES.decimalsRange],
    ["decimals as text", { decimals: "6" }, "decimals", MESSAGES.decimalsRange],
    ["missing decimals", { decimals: undefined }, "decimals", MESSAGES.decimalsRequired],
    ["a logo URL that is not a URL", { logoUrl: "not a url" }, "logoUrl", "Invalid URL"],
    ["a logo URL with another scheme", { logoUrl: "javascript:alert(1)" }, "logoUrl", "Invalid URL"],
  ])("refuses %s", (_label, change, field, message) => {
    expect(errorsOf(tokenCreateSchema, { ...validToken, ...change })).toEqual([{ field, message }]);
  });

  it("keeps the limits' edges: 32-character mint, 10-character symbol, 50-character name, decimals 0 and 18", () => {
    const edge = { mintAddress: "1".repeat(32), symbol: "S".repeat(10), name: "n".repeat(50), decimals: 18 };
    expect(errorsOf(tokenCreateSchema, { ...validToken, ...edge })).toEqual([]);
    expect(errorsOf(tokenCreateSchema, { ...validToken, decimals: 0 })).toEqual([]);
  });

  it("names every bad field at once", () => {
    const fieldsInError = errorsOf(tokenCreateSchema, { mintAddress: "x", symbol: "", name: "", decimals: 99, logoUrl: "x" }).map(
      (e) => e.field,
    );
    expect(fieldsInError).toEqual(["mintAddress", "symbol", "name", "decimals", "logoUrl"]);
  });

  it("update: any subset of fields or isActive, but not nothing", () => {
    expect(tokenUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(errorsOf(tokenUpdateSchema, { symbol: "TOOLONGSYMBOL" })).toEqual([{ field: "symbol", message: "Symbol too long" }]);
    expect(errorsOf(tokenUpdateSchema, {})).toEqual([{ field: "body", message: MESSAGES.nothingToUpdate }]);
    expect(errorsOf(tokenUpdateSchema, { isActive: "no" })).toEqual([{ field: "isActive", message: MESSAGES.boolean }]);
  });
});

describe("user form", () => {
  it("accepts optional display name and status, an email or empty contact", () => {
    expect(userUpdateSchema.parse({ displayName: "", contactInfo: "", status: "" })).toEqual({
      displayName: null,
      contactInfo: null,
      status: null,
    });
    expect(
      userUpdateSchema.parse({ contactInfo: "ann@example.com", role: "MARKETPLACE_AUTHORITY", verified: true, disabled: false }),
    ).toEqual({
      contactInfo: "ann@example.com",
      role: "MARKETPLACE_AUTHORITY",
      verified: true,
      disabled: false,
    });
  });

  it.each([
    [{ contactInfo: "not-an-email" }, "contactInfo", "Invalid email"],
    [{ role: "ROOT" }, "role", MESSAGES.role],
    [{ verified: "true" }, "verified", MESSAGES.boolean],
    [{ disabled: 1 }, "disabled", MESSAGES.boolean],
    [{ displayName: "d".repeat(101) }, "displayName", MESSAGES.displayNameTooLong],
    [{ status: "s".repeat(51) }, "status", MESSAGES.statusTooLong],
  ])("refuses %j", (body, field, message) => {
    expect(errorsOf(userUpdateSchema, body)).toEqual([{ field, message }]);
  });

  it("ignores fields it does not know (the form also sends the read-only public key)", () => {
    expect(userUpdateSchema.parse({ publicKey: "x", verified: true })).toEqual({ verified: true });
  });
});

describe("shop form, reasons, product status", () => {
  it("shop flags are booleans", () => {
    expect(shopUpdateSchema.parse({ isActive: false, isVerified: true })).toEqual({ isActive: false, isVerified: true });
    expect(errorsOf(shopUpdateSchema, { isVerified: "yes" })).toEqual([{ field: "isVerified", message: MESSAGES.boolean }]);
  });

  it("a reason must not be empty or blank", () => {
    expect(reasonSchema.parse({ reason: "  spam  " })).toEqual({ reason: "spam" });
    expect(errorsOf(reasonSchema, { reason: "  " })).toEqual([{ field: "reason", message: MESSAGES.reasonRequired }]);
    expect(errorsOf(reasonSchema, {})).toEqual([{ field: "reason", message: MESSAGES.reasonRequired }]);
    expect(errorsOf(reasonSchema, undefined)).toEqual([{ field: "body", message: MESSAGES.bodyObject }]);
  });

  it("enabling/disabling a product needs both the flag and a reason", () => {
    expect(errorsOf(productStatusSchema, { reason: "x" })).toEqual([{ field: "isActive", message: MESSAGES.boolean }]);
    expect(errorsOf(productStatusSchema, { isActive: true })).toEqual([{ field: "reason", message: MESSAGES.reasonRequired }]);
  });
});

describe("dispute resolution", () => {
  it("requires notes that are not blank, at most 2000 characters", () => {
    const base = { resolution: "REFUND_BUYER" };
    expect(errorsOf(disputeResolutionSchema, base)).toEqual([{ field: "adminNotes", message: "Admin notes are required" }]);
    expect(errorsOf(disputeResolutionSchema, { ...base, adminNotes: " \n " })).toEqual([
      { field: "adminNotes", message: "Admin notes are required" },
    ]);
    expect(errorsOf(disputeResolutionSchema, { ...base, adminNotes: "x".repeat(2001) })).toEqual([
      { field: "adminNotes", message: "Admin notes must be less than 2000 characters" },
    ]);
    expect(errorsOf(disputeResolutionSchema, { ...base, adminNotes: "x".repeat(2000) })).toEqual([]);
  });

  it("reads the refund percentage only for a partial refund, and bounds it to 0..100", () => {
    const notes = { adminNotes: "checked" };
    expect(disputeResolutionSchema.parse({ resolution: "RELEASE_TO_SELLER", ...notes, refundPercentage: 500 })).toEqual({
      resolution: "RELEASE_TO_SELLER",
      adminNotes: "checked",
      refundPercentage: undefined,
    });
    for (const pct of [0, 50, 100]) {
      expect(disputeResolutionSchema.parse({ resolution: "PARTIAL_REFUND", ...notes, refundPercentage: pct }).refundPercentage).toBe(pct);
    }
    for (const pct of [-1, 101, "50"]) {
      expect(errorsOf(disputeResolutionSchema, { resolution: "PARTIAL_REFUND", ...notes, refundPercentage: pct })).toEqual([
        { field: "refundPercentage", message: "Refund percentage must be between 0 and 100" },
      ]);
    }
    expect(errorsOf(disputeResolutionSchema, { resolution: "PARTIAL_REFUND", ...notes })).toEqual([
      { field: "refundPercentage", message: MESSAGES.refundPercentageRequired },
    ]);
    expect(errorsOf(disputeResolutionSchema, { resolution: "PARTIAL_REFUND", ...notes, refundPercentage: 12.5 })).toEqual([
      { field: "refundPercentage", message: MESSAGES.refundPercentageWhole },
    ]);
  });

  it("knows the three resolutions", () => {
    expect(errorsOf(disputeResolutionSchema, { resolution: "REFUND", adminNotes: "x" })).toEqual([
      { field: "resolution", message: MESSAGES.resolution },
    ]);
  });
});

describe("query schemas", () => {
  it("default page 1 and limit 20, user search limit 10", () => {
    expect(orderListQuerySchema.parse({})).toEqual({ page: 1, limit: 20, filter: undefined });
    expect(userSearchQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
  });

  it("parses numbers and booleans from strings and treats empty values as absent", () => {
    expect(userListQuerySchema.parse({ page: "3", limit: "50", role: "ADMIN", verified: "true", disabled: "false" })).toEqual({
      page: 3,
      limit: 50,
      role: "ADMIN",
      verified: true,
      disabled: false,
    });
    expect(userListQuerySchema.parse({ role: "", verified: "" })).toEqual({
      page: 1,
      limit: 20,
      role: undefined,
      verified: undefined,
      disabled: undefined,
    });
  });

  it.each([
    [orderListQuerySchema, { filter: "shipped" }, "filter", MESSAGES.orderFilter],
    [orderListQuerySchema, { page: "0" }, "page", MESSAGES.page],
    [orderListQuerySchema, { page: "1.5" }, "page", MESSAGES.page],
    [orderListQuerySchema, { limit: "101" }, "limit", MESSAGES.limit],
    [userListQuerySchema, { verified: "yes" }, "verified", MESSAGES.queryBoolean],
    [userListQuerySchema, { role: "GUEST" }, "role", MESSAGES.role],
  ])("refuses %j", (schema, query, field, message) => {
    expect(errorsOf(schema, query)).toEqual([{ field, message }]);
  });
});

describe("antd adapter", () => {
  it("resolves for a valid value and rejects with the rule's message", async () => {
    const rule = antdRule(fields.symbol);
    await expect(rule.validator({}, "SOL")).resolves.toBeUndefined();
    await expect(rule.validator({}, "")).rejects.toThrow("Symbol is required");
    await expect(rule.validator({}, "ELEVENCHARS")).rejects.toThrow("Symbol too long");
    await expect(zodValidator(fields.adminNotes)({}, undefined)).rejects.toThrow("Admin notes are required");
    await expect(zodValidator(fields.logoUrl)({}, undefined)).resolves.toBeUndefined();
  });

  it("builds one rule list per field", async () => {
    const rules = antdRules({ mintAddress: fields.mintAddress, contactInfo: fields.contactInfo });
    expect(Object.keys(rules)).toEqual(["mintAddress", "contactInfo"]);
    await expect(rules.mintAddress[0].validator({}, "short")).rejects.toThrow("Invalid Solana address");
    await expect(rules.contactInfo[0].validator({}, "a@b")).rejects.toThrow("Invalid email");
    await expect(rules.contactInfo[0].validator({}, "")).resolves.toBeUndefined();
  });
});

describe("addresses are 32 bytes, wrapped SOL goes through Init SOL, text carries no control characters", () => {
  it.each([
    ["44 'z' (33 bytes once decoded)", "z".repeat(44)],
    ["32 '2' (23 bytes once decoded)", "2".repeat(32)],
  ])("refuses a base58 string of the right length but the wrong size: %s", (_label, mint) => {
    expect(fields.mintAddress.safeParse(mint).success).toBe(false);
    expect(errorsOf(tokenCreateSchema, { ...validToken, mintAddress: mint })).toEqual([
      { field: "mintAddress", message: MESSAGES.invalidAddress },
    ]);
  });

  it("keeps accepting real 32-byte addresses, short and long", () => {
    expect(fields.mintAddress.safeParse(USDC).success).toBe(true);
    expect(fields.mintAddress.safeParse("11111111111111111111111111111111").success).toBe(true);
  });

  it("refuses wrapped SOL as a new token, pointing to Init SOL, in the API and the add form alike", async () => {
    expect(errorsOf(tokenCreateSchema, { ...validToken, mintAddress: WRAPPED_SOL_MINT })).toEqual([
      { field: "mintAddress", message: MESSAGES.wrappedSol },
    ]);
    expect(MESSAGES.wrappedSol).toMatch(/Init SOL/);
    await expect(antdRule(fields.newMintAddress).validator({}, WRAPPED_SOL_MINT)).rejects.toThrow(MESSAGES.wrappedSol);
    // Editing Init SOL's own entry sends its (locked) mint: that stays valid.
    expect(tokenUpdateSchema.safeParse({ mintAddress: WRAPPED_SOL_MINT, symbol: "SOL" }).success).toBe(true);
  });

  it.each([
    ["NUL", "null\u0000byte"],
    ["a C1 control", "x\u0085y"],
    ["DEL", "x\u007fy"],
    ["a right-to-left override", "abc \u202eRTL"],
    ["a bidi isolate", "abc \u2066x\u2069"],
    ["a line break in a one-line field", "two\nlines"],
  ])("refuses %s in every text field, naming the field", (_label, text) => {
    expect(errorsOf(userUpdateSchema, { displayName: text })).toEqual([
      { field: "displayName", message: MESSAGES.controlCharacters("Display name") },
    ]);
    expect(errorsOf(userUpdateSchema, { status: text })).toEqual([{ field: "status", message: MESSAGES.controlCharacters("Status") }]);
    expect(errorsOf(tokenCreateSchema, { ...validToken, name: text })).toEqual([
      { field: "name", message: MESSAGES.controlCharacters("Name") },
    ]);
    expect(errorsOf(tokenCreateSchema, { ...validToken, symbol: text.slice(0, 10) })[0]?.field).toBe("symbol");
    expect(errorsOf(tokenCreateSchema, { ...validToken, logoUrl: `https://example.com/${text}` })).toEqual([
      { field: "logoUrl", message: MESSAGES.controlCharacters("Logo URL") },
    ]);
    expect(errorsOf(userUpdateSchema, { contactInfo: `a${text}@example.com` })).toEqual([
      { field: "contactInfo", message: MESSAGES.controlCharacters("Contact info") },
    ]);
    const mint = `${USDC.slice(0, 20)}${text}${USDC.slice(20)}`;
    expect(errorsOf(tokenCreateSchema, { ...validToken, mintAddress: mint })).toEqual([
      { field: "mintAddress", message: MESSAGES.controlCharacters("Mint address") },
    ]);
    expect(errorsOf(tokenUpdateSchema, { symbol: `A${text}` })).toEqual([
      { field: "symbol", message: MESSAGES.controlCharacters("Symbol") },
    ]);
  });

  it.each([
    ["NUL", "bad\u0000reason"],
    ["a tab", "bad\treason"],
    ["a vertical tab", "bad\u000breason"],
    ["a C1 control", "bad\u0085reason"],
    ["a left-to-right override", "bad\u202dreason"],
    ["a first-strong isolate", "bad\u2068reason"],
  ])("refuses %s in the multi-line fields, naming the field", (_label, text) => {
    expect(errorsOf(reasonSchema, { reason: text })).toEqual([{ field: "reason", message: MESSAGES.controlCharacters("Reason") }]);
    expect(errorsOf(productStatusSchema, { isActive: false, reason: text })).toEqual([
      { field: "reason", message: MESSAGES.controlCharacters("Reason") },
    ]);
    // Admin notes are signed: refused under the signed text's own message.
    expect(errorsOf(disputeResolutionSchema, { resolution: "REFUND_BUYER", adminNotes: text })).toEqual([
      { field: "adminNotes", message: MESSAGES.signedTextCharacters("Admin notes") },
    ]);
  });

  it("the forms' rules give the same message as the API", async () => {
    await expect(antdRule(fields.displayName).validator({}, "null\u0000byte \u202eRTL")).rejects.toThrow(
      MESSAGES.controlCharacters("Display name"),
    );
    await expect(antdRule(fields.mintAddress).validator({}, `${USDC}\u0000`)).rejects.toThrow(MESSAGES.controlCharacters("Mint address"));
    await expect(antdRule(fields.adminNotes).validator({}, "notes\u202e")).rejects.toThrow(MESSAGES.signedTextCharacters("Admin notes"));
    await expect(antdRule(fields.status).validator({}, "ok")).resolves.toBeUndefined();
    expect(MESSAGES.controlCharacters("Display name")).toBe("Display name must not contain control or bidirectional-override characters");
  });

  it("lets multi-line fields keep line breaks (LF, CR LF; signed admin notes LF only), but not other controls or overrides", () => {
    expect(reasonSchema.safeParse({ reason: "line one\r\nline two\nend" }).success).toBe(true);
    expect(fields.adminNotes.safeParse("first\nsecond\nthird").success).toBe(true);
    expect(fields.adminNotes.safeParse("first\nsecond\r\nthird").success).toBe(false);
    expect(errorsOf(reasonSchema, { reason: "bad\u0000" })).toEqual([{ field: "reason", message: MESSAGES.controlCharacters("Reason") }]);
    expect(fields.adminNotes.safeParse("notes \u202e").success).toBe(false);
  });

  it("refuses control characters in search terms and text filters, naming the parameter", async () => {
    const { productListQuerySchema, shopListQuerySchema, auditQuerySchema, userSearchParamsSchema } = await import("@contract");
    expect(errorsOf(productListQuerySchema, { search: "\u0000zzzqqq" })).toEqual([
      { field: "search", message: MESSAGES.controlCharacters("Search") },
    ]);
    expect(errorsOf(shopListQuerySchema, { category: "a\u0001" })).toEqual([
      { field: "category", message: MESSAGES.controlCharacters("Category") },
    ]);
    expect(errorsOf(auditQuerySchema, { targetId: "\u202e1" })[0]?.field).toBe("targetId");
    expect(errorsOf(userSearchParamsSchema, { term: "\u0000zzzqqq" })).toEqual([
      { field: "term", message: MESSAGES.controlCharacters("Search term") },
    ]);
    expect(productListQuerySchema.safeParse({ search: "100% cotton_shirt" }).success).toBe(true);
  });
});
