// The value types the records of the contract are made of (entities.ts, money.ts).
import { z } from "./zod.ts";

export const text = z.string();
export const optionalText = text.nullish();
export const count = z.int().min(0);
/** An ISO 8601 time. */
export const time = z.string().meta({ format: "date-time" });
export const optionalTime = time.nullish();
/** A base58 Solana address or signature. */
export const base58 = z.string();
