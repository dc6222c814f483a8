import { defineMethod } from '../registry';

/** `ping`: checks the key and the signature; answers the server's time in milliseconds. */
export const ping = defineMethod<Record<string, never>>({
  name: 'ping',
  summary: 'Checks the key and the signature; answers the server time (ms).',
  async handle() {
    return { pong: true, time: Date.now() };
  },
});
