/**
 * The WebSocket text frame Socket.IO writes for an event on the main namespace: Engine.IO
 * packet type 4 (message), Socket.IO packet type 2 (EVENT), then the JSON of [event, payload].
 */
export function socketIoFrame(event: string, payload: unknown): string {
  return `42${JSON.stringify([event, payload])}`;
}
