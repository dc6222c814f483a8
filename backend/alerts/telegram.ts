/**
 * The Bot API's sendMessage (https://core.telegram.org/bots/api#sendmessage): POST
 * `<apiUrl>/bot<token>/sendMessage` with JSON {chat_id, text}. Its answer decides the outcome
 * (https://core.telegram.org/bots/api#making-requests): `{"ok":true,…}` sent; 429 with
 * `parameters.retry_after` seconds → RetryLaterError (that wait, not the backoff); another 4xx
 * (`Bad Request: chat not found`, a revoked token) → PermanentMailError, never retried; 5xx, an
 * unreadable answer, a timeout or a network error → a plain Error, retried with the backoff.
 *
 * The token is part of the URL: no error message, log line or row ever holds the URL.
 */
import { PermanentMailError, RetryLaterError } from '../platform/outbox/delivery';

export interface TelegramTarget {
  botToken: string;
  chatId: string;
  /** https://api.telegram.org (tests: a local server), no trailing slash. */
  apiUrl: string;
}

/** How long one call may take. */
export const TELEGRAM_TIMEOUT_MS = 10_000;
/** A 429 without a usable retry_after waits this long. */
const DEFAULT_RETRY_AFTER_S = 30;

interface BotAnswer {
  ok?: unknown;
  error_code?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown };
}

export async function sendTelegramMessage(target: TelegramTarget, text: string, timeoutMs = TELEGRAM_TIMEOUT_MS): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${target.apiUrl}/bot${target.botToken}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: target.chatId, text, link_preview_options: { is_disabled: true } }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    // fetch's own message and cause name no URL, but only the error's kind is kept to be sure.
    const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
    throw new Error(`Telegram unreachable: ${error instanceof Error ? error.name : 'error'}${typeof cause === 'string' ? ` (${cause})` : ''}`);
  }
  let answer: BotAnswer | null = null;
  try {
    answer = (await response.json()) as BotAnswer;
  } catch {
    answer = null;
  }
  if (response.ok && answer?.ok === true) return;
  const description = typeof answer?.description === 'string' ? answer.description.slice(0, 300) : `HTTP ${response.status}`;
  const code = typeof answer?.error_code === 'number' ? answer.error_code : response.status;
  if (code === 429) {
    const seconds = Number(answer?.parameters?.retry_after);
    const wait = Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_S;
    throw new RetryLaterError(`Telegram ${code}: ${description}`, Math.ceil(wait * 1000));
  }
  if (code >= 400 && code < 500) throw new PermanentMailError(`Telegram ${code}: ${description}`);
  throw new Error(`Telegram ${code}: ${description}`);
}
