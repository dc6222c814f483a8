import { rooms } from '../../common/events';
import type { Database } from '../platform/db';
import type { Logger } from '../platform/logger';
import { initModels } from '../models';
import type { RealtimeIO } from '../platform/realtime/types';

/**
 * Operators' sockets: a handshake whose session user (socket.data.userId, set by the account
 * sockets before this runs) is an active operator or admin joins the room `operators`, which
 * receives `operators:order` for every order change. Everyone else never joins it. The role is
 * read once per connection; a user whose sessions end is disconnected by the account sockets.
 * Register after attachAccountSockets (Socket.IO runs `io.use` middlewares in order).
 */
export function attachOperatorSockets(io: RealtimeIO, deps: { db: Database; logger: Logger }): void {
  const { User } = initModels(deps.db.sequelize);
  io.use((socket, next) => {
    const userId = socket.data.userId;
    if (userId === undefined) {
      next();
      return;
    }
    User.findByPk(userId, { attributes: ['id', 'role', 'status'] })
      .then(async (user) => {
        if (user && user.status === 'active' && (user.role === 'operator' || user.role === 'admin')) {
          socket.data.role = user.role;
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
