import { defineMethod } from '../registry';
import { bool, int, objectOf } from './answers';

/** `ping`: checks the key and the signature; answers the server's time in milliseconds. */
export const ping = defineMethod<Record<string, never>>({
  name: 'ping',
  answer: { schema: objectOf({ pong: bool, time: int }), example: { pong: true, time: 1768471200000 } },
  async handle() {
    return { pong: true, time: Date.now() };
  },
});
