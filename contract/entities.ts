// The entities of SPEC §3 as the API returns them.

export type UserRole = "USER" | "ADMIN" | "MARKETPLACE_AUTHORITY";

/** The signed-in admin, held client-side. */
export interface SessionUser {
  id?: string;
  displayName?: string | null;
  publicKey: string;
  role: UserRole | string;
  isAdmin: boolean;
}

export interface User {
  id: string;
  publicKey: string;
  displayName?: string | null;
  contactInfo?: string | null;
  avatarUrl?: string | null;
  role: UserRole;
  verified: boolean;
  disabled: boolean;
  status?: string | null;
  createdAt?: string;
}

export interface UserStats {
  totalUsers: number;
  verifiedUsers: number;
  disabledUsers: number;
  activeUsers: number;
  recentUsers: number;
  adminUsers: number;
}

export interface Token {
  id: string;
  mintAddress: string;
  symbol: string;
  name: string;
  decimals: number;
  logoUrl?: string | null;
  isActive: boolean;
}

export interface Currency {
  symbol: string;
  decimals?: number;
  mintAddress?: string;
}

export interface ProductImage {
  url?: string;
  thumbnailUrl?: string | null;
}

export interface Product {
  id: string;
  title: string;
  description?: string | null;
  price: number | string;
  currency?: Currency | null;
  category?: string | null;
  stockQuantity: number;
  isFeatured: boolean;
  isActive: boolean;
  isDeleted?: boolean;
  images?: ProductImage[];
}

export interface ProductCategory {
  category: string;
  count: number;
}

export interface Shop {
  id: string;
  name: string;
  slug: string;
  logo?: string | null;
  description?: string | null;
  category?: string | null;
  seller?: { displayName?: string | null; publicKey: string } | null;
  productCount?: number;
  orderCount?: number;
  viewCount?: number;
  isActive: boolean;
  isVerified: boolean;
}

export type OrderStatus = "ACTIVE" | "DISPUTED" | "COMPLETED" | "CANCELLED" | "REFUNDED" | string;

export interface Order {
  id: string;
  status: OrderStatus;
  createdAt?: string | null;
  confirmedAt?: string | null;
  shippedAt?: string | null;
  quantity?: number;
  totalPrice?: number | string;
  currency?: Currency | null;
  productSnapshot?: {
    title?: string;
    description?: string | null;
    price?: number | string;
    images?: ProductImage[];
  } | null;
  shopSnapshot?: { name?: string; logo?: string | null; category?: string | null } | null;
  buyerWalletAddress?: string | null;
  buyerContactInfo?: string | null;
  buyerShippingAddress?: string | null;
  sellerWalletAddress?: string | null;
  sellerContactInfo?: string | null;
  shippingState?: string | null;
  trackingInfo?: string | null;
  shippingNotes?: string | null;
  disputeRaisedAt?: string | null;
  disputeDescription?: string | null;
  escrowPDA?: string | null;
  transactionSignature?: string | null;
  notes?: string | null;
  /** Beyond the SPEC: where the signatures of this order live. */
  cluster?: string | null;
}

export type DisputeResolution = "REFUND_BUYER" | "RELEASE_TO_SELLER" | "PARTIAL_REFUND";

export interface ResolveDisputeRequest {
  resolution: DisputeResolution;
  adminNotes: string;
  refundPercentage?: number;
}

export interface ResolveDisputeResponse {
  transactionSignature: string;
  cluster?: string;
  [key: string]: unknown;
}

export interface MarketplaceStatus {
  initialized: boolean;
  configPDA?: string | null;
  authority?: string | null;
  disputeResolutionLimit?: number | null;
  reportThreshold?: number | null;
  cluster?: string | null;
  transactionSignature?: string | null;
}

export interface PagedList<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface NonceResponse {
  nonce: string;
  message: string;
}

export interface VerifyRequest {
  publicKey: string;
  signature: string;
  nonce: string;
  message: string;
}

export interface VerifyResponse {
  isAdmin: boolean;
  adminWalletAuthorized: boolean;
  user: SessionUser;
}

export interface ValidateResponse {
  valid: boolean;
  user: SessionUser;
}

/** Beyond the SPEC: one row of the admin audit trail (GET /admin/audit). */
export interface AuditEntry {
  id: string;
  createdAt: string;
  adminPublicKey: string;
  action: string;
  targetType: string;
  targetId: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  transactionSignature?: string | null;
  cluster?: string | null;
}
