import { rooms } from '../../common/events';
import type { Database } from '../platform/db';
import type { Logger } from '../platform/logger';
import { initModels } from '../models';
import type { RealtimeIO } from '../platform/realtime/types';
import { STAFF_ROLES, staffAccess, type StaffPolicy } from './policy';

/**
 * Operators' sockets: a handshake whose session user (socket.data.userId, set by the account
 * sockets before this runs) passes the staff policy (policy.ts: active operator or admin, 2FA where required) joins the room `operators`, which
 * receives `operators:order` for every order change. Everyone else never joins it. The role is
 * read once per connection; a user whose sessions end is disconnected by the account sockets.
 * Register after attachAccountSockets (Socket.IO runs `io.use` middlewares in order).
 */
export function attachOperatorSockets(io: RealtimeIO, deps: { db: Database; logger: Logger; policy: StaffPolicy }): void {
  const { User } = initModels(deps.db.sequelize);
  io.use((socket, next) => {
    const userId = socket.data.userId;
    if (userId === undefined) {
      next();
      return;
    }
    User.findByPk(userId, { attributes: ['id', 'role', 'status', 'twoFactorEnabled'] })
      .then(async (user) => {
        if (user && staffAccess(user, STAFF_ROLES, deps.policy) === 'ok') {
          socket.data.role = user.role === 'admin' ? 'admin' : 'operator';
          await socket.join(rooms.operators);
        }
        next();
      })
      .catch((error: unknown) => {
        deps.logger.warn({ err: error, userId }, 'socket role lookup failed; connecting without the operators room');
        next();
      });
  });
}
