/** The KV channel of board changes (console/board.ts); every web process forwards them to its operators (orders/live.ts). */
export const BOARD_CHANNEL = 'orders:board';
