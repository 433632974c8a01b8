// Fixed vocabularies of the demo data: what a marketplace's products, tokens, shipping and
// disputes look like. The generator picks from these with a seeded random source.
import { SHOP_CATEGORIES } from "../../contract/index.ts";

export { SHOP_CATEGORIES };

export const SOL = { symbol: "SOL", decimals: 9, mint: null } as const;
export const USDC = { symbol: "USDC", decimals: 6, mint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" } as const;

/**
 * The whitelist a demo starts with. Native SOL is left out on purpose: 'Init SOL' adds it. No logos:
 * a token's logo must be an http(s) URL (its edit form checks so), which a picture this server draws
 * at a same-origin path is not, and one elsewhere needs a network; the console shows the symbol's
 * first two letters instead.
 */
export const SEED_TOKENS = [
  { mintAddress: USDC.mint, symbol: "USDC", name: "USD Coin", decimals: 6, logoUrl: null, isActive: 1 },
  {
    mintAddress: "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB",
    symbol: "USDT",
    name: "Tether USD",
    decimals: 6,
    logoUrl: null,
    isActive: 1,
  },
  { mintAddress: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263", symbol: "BONK", name: "Bonk", decimals: 5, logoUrl: null, isActive: 1 },
  { mintAddress: "JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN", symbol: "JUP", name: "Jupiter", decimals: 6, logoUrl: null, isActive: 1 },
  { mintAddress: "4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R", symbol: "RAY", name: "Raydium", decimals: 6, logoUrl: null, isActive: 0 },
];

export const PRODUCT_NOUNS: Record<(typeof SHOP_CATEGORIES)[number], string[]> = {
  Electronics: [
    "Wireless Earbuds",
    "Mechanical Keyboard",
    "USB-C Hub",
    '27" 4K Monitor',
    "Smartwatch",
    "Bluetooth Speaker",
    "Gaming Mouse",
    "Portable SSD 1TB",
    "Noise-Cancelling Headphones",
    "Action Camera",
    "Hardware Wallet",
  ],
  Clothes: [
    "Hoodie",
    "Denim Jacket",
    "Running Shorts",
    "Wool Beanie",
    "Linen Shirt",
    "Canvas Sneakers",
    "Rain Jacket",
    "Graphic Tee",
    "Cargo Pants",
  ],
  Books: [
    "Solana Developer Handbook",
    "Field Guide to Rust",
    "Sci-Fi Anthology",
    "Street Food Cookbook",
    "Poetry Collection",
    "History of Cryptography",
    "Mountain Photography Book",
  ],
  Home: [
    "Ceramic Mug Set",
    "Cast Iron Skillet",
    "Desk Lamp",
    "Throw Blanket",
    "Terracotta Plant Pot",
    "Soy Candle",
    "Pour-Over Coffee Kit",
  ],
  Sports: ["Yoga Mat", "Resistance Bands", "Cycling Gloves", "Chalk Bag", "Tennis Racket", "Insulated Water Bottle", "Trail Running Vest"],
  Beauty: ["Vitamin C Serum", "Lip Balm Trio", "Shampoo Bar", "Sunscreen SPF 50", "Hand Cream", "Beard Oil", "Clay Face Mask"],
  Automotive: ["Dash Cam", "Magnetic Phone Mount", "Tire Inflator", "Seat Cover Set", "LED Headlight Bulbs", "Cordless Car Vacuum"],
  Other: ["Gift Card", "Limited Art Print", "Sticker Pack", "Mystery Box", "Handmade Keychain", "Enamel Pin Set"],
};

export const CARRIERS = ["UPS", "FedEx", "USPS", "DHL Express", "Royal Mail"];

export const SHIPPING_NOTES = [
  "Leave the parcel with the front desk.",
  "Signature required on delivery.",
  "Shipped in two boxes.",
  "Delayed one day by the carrier.",
  "Gift wrapped as requested.",
  "Customs declaration attached.",
];

export const ORDER_NOTES = [
  "Please ship as soon as possible.",
  "This is a gift, no invoice in the box please.",
  "Call before delivery.",
  "Can you include a spare cable?",
  "Deliver after 6 pm if possible.",
];

/** {product} {days} {qty} {ordered} are filled in per order. */
export const DISPUTE_TEMPLATES = [
  "Package never arrived. Tracking has not updated for {days} days.",
  "The {product} arrived with a cracked casing and does not power on.",
  "Received the wrong item: I ordered the {product} and got something else.",
  "Not as described: the listing said new, but the {product} shows clear signs of use.",
  "Only {qty} of the {ordered} units were in the box.",
  "The seller has not shipped after {days} days and stopped answering messages.",
  "The {product} stopped working after {days} days of normal use.",
  "Counterfeit: the {product} is not the brand shown in the listing photos.",
];

export const DEACTIVATION_REASONS = [
  "Repeated non-delivery reported by buyers",
  "Suspected fraudulent listings",
  "Account requested closure",
  "Chargeback abuse",
];

export const STATUS_REASONS = ["Listing under review", "Out of season", "Reported by buyers", "Seller request"];

export const DELETE_REASONS = ["Prohibited item", "Duplicate listing", "Counterfeit report confirmed", "Seller request"];
