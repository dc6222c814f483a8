/** The staff's user look-up and the admins' user changes (backend/accounts/adminUserRoutes.ts). */
import type { KycStatus } from './api';
import type { OrderStatus, UserRole } from './enums';

export const ADMIN_USER_STATUSES = ['pending', 'active', 'blocked', 'deleted'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

/** One user in the search list. */
export interface AdminUserSummaryDto {
  id: number;
  email: string;
  firstName: string | null;
  secondName: string | null;
  role: UserRole;
  status: AdminUserStatus;
  twoFactorEnabled: boolean;
  kycStatus: KycStatus | null;
  createdAt: string;
}

/**
 * `GET /api/admin/users?q=&role=&status=&cursor=` (staff): newest first, 25 a page; `role` one
 * role or several joined by commas (`operator,admin`: the staff), `status` one status.
 */
export interface AdminUserList {
  users: AdminUserSummaryDto[];
  nextCursor: string | null;
}

/** One of the user's orders, as the user view lists them (newest first, the last 50). */
export interface AdminUserOrderDto {
  uid: string;
  status: OrderStatus;
  fromCode: string;
  toCode: string;
  amountSend: string;
  amountReceive: string;
  createdAt: string;
}

/**
 * One live session of the user (backend/accounts/sessionIndex.ts), last seen first. Ending every
 * session at once (block, sign out everywhere) moves the user's session epoch on; an admin may end
 * one (`DELETE /api/admin/users/{id}/sessions/{sessionId}`).
 */
export interface AdminUserSessionDto {
  /** An opaque short name of the session (a hash, never its key or cookie value). */
  id: string;
  /** When it signed in; null for a session older than the index. */
  createdAt: string | null;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  /** The session the request that asked came with (staff looking at their own account). */
  current: boolean;
}

/** `GET /api/admin/users/{id}` (staff). */
export interface AdminUserDto extends AdminUserSummaryDto {
  phone: string | null;
  lang: string;
  /** A self-block's end (null: no end — a block by the administration — or not blocked). */
  blockedUntil: string | null;
  activatedAt: string | null;
  orders: AdminUserOrderDto[];
  sessions: AdminUserSessionDto[];
}

/** `PUT /api/admin/users/{id}/role` (admins). */
export interface AdminUserRoleInput {
  role: UserRole;
}

export const ADMIN_USERS_PAGE = 25;
export const ADMIN_USER_ORDERS = 50;
