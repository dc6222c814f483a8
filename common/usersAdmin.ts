/** The staff's user look-up and the admins' user changes (backend/accounts/adminUserRoutes.ts). */
import type { KycStatus } from './api';
import type { OrderStatus, UserRole } from './enums';

export type AdminUserStatus = 'pending' | 'active' | 'blocked' | 'deleted';

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

/** `GET /api/admin/users?q=&cursor=` (staff): newest first, 25 a page. */
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
 * The user's sessions. Sessions live in the KV under random ids with no per-user index; what a
 * user has is a session *epoch* (backend/accounts/sessions.ts): every session signed in under the
 * current epoch is active, and ending them all (block, sign out everywhere) moves the epoch on.
 */
export interface AdminUserSessionsDto {
  epoch: number;
  /** False while blocked or deleted: no session of theirs is accepted. */
  canSignIn: boolean;
}

/** `GET /api/admin/users/{id}` (staff). */
export interface AdminUserDto extends AdminUserSummaryDto {
  phone: string | null;
  lang: string;
  /** A self-block's end (null: no end — a block by the administration — or not blocked). */
  blockedUntil: string | null;
  activatedAt: string | null;
  orders: AdminUserOrderDto[];
  sessions: AdminUserSessionsDto;
}

/** `PUT /api/admin/users/{id}/role` (admins). */
export interface AdminUserRoleInput {
  role: UserRole;
}

export const ADMIN_USERS_PAGE = 25;
export const ADMIN_USER_ORDERS = 50;
