/**
 * Test support for the console: staff clients signed in by role, and the role matrix every staff
 * endpoint must answer (anonymous 401, a role the endpoint is not open to 403 `forbidden`, a role
 * it is open to gets past the policy: any status but 401/403).
 */
import { expect } from 'chai';
import { buildUser, TestClient } from '../../accounts/testing';
import type { TestServer } from '../../test/server';

export type StaffRole = 'user' | 'operator' | 'admin';

export interface StaffEndpoint {
  method: string;
  /** Under /api, e.g. `/admin/directions/BTC/USDT`. */
  path: string;
  /** The roles it is open to. */
  roles: StaffRole[];
  /** Sent with the request (a body the endpoint may refuse as 400 — past the policy all the same). */
  body?: unknown;
}

export const OPERATOR_AND_ADMIN: StaffRole[] = ['operator', 'admin'];
export const ADMIN_ONLY: StaffRole[] = ['admin'];

/** A client signed in as a new account of `role` (2FA turned on after sign-in when asked). */
export async function signedInAs(server: TestServer, role: StaffRole, extra: { twoFactorEnabled?: boolean } = {}): Promise<TestClient & { userId: number; email: string }> {
  const { user, email, password } = await buildUser(server.db.sequelize, { role });
  const client = new TestClient(server.url);
  const response = await client.request('POST', '/user/auth/sign-in', { email, password });
  expect(response.status, JSON.stringify(response.body)).to.equal(200);
  // Turned on after signing in (the sign-in would ask for a code): the policy reads the account on every request.
  if (extra.twoFactorEnabled) await user.update({ twoFactorEnabled: true });
  return Object.assign(client, { userId: user.id, email });
}

/** Asks every endpoint as anonymous, user, operator and admin and checks the policy's answer. */
export async function expectRoleMatrix(server: TestServer, endpoints: readonly StaffEndpoint[]): Promise<void> {
  const clients: Record<string, TestClient> = {
    anonymous: new TestClient(server.url),
    user: await signedInAs(server, 'user'),
    operator: await signedInAs(server, 'operator'),
    admin: await signedInAs(server, 'admin'),
  };
  for (const endpoint of endpoints) {
    for (const [who, client] of Object.entries(clients)) {
      const response = await client.request(endpoint.method, endpoint.path, endpoint.body);
      const label = `${who} ${endpoint.method} ${endpoint.path}`;
      if (who === 'anonymous') expect(response.status, label).to.equal(401);
      else if (!endpoint.roles.includes(who as StaffRole)) {
        expect(response.status, label).to.equal(403);
        expect(response.body.error?.code, label).to.equal('forbidden');
      } else expect(response.status, `${label}: ${JSON.stringify(response.body)}`).to.not.be.oneOf([401, 403, 500]);
    }
  }
}
