import Router from '@koa/router';
import { ASSET_CODE_PATTERN } from '../../common/catalogue';
import type { DirectionQuoteDto } from '../../common/events';
import { ratesQuerySchema, scopeOfQuery, type RatesQuery, type RatesScope } from '../../common/ratesScope';
import { NotFoundError, ServiceUnavailableError, ValidationError } from '../platform/errors';
import type { AppContext, AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import { directionKey } from './engine';
import type { RatesState, RatesView } from './store';
import { presentRates } from './scope';
import { respond, successBody } from '../platform/http/respond';
import { shareBody } from '../platform/http/compress';
import { quoteAmounts, type QuoteInput } from './quote';
import { quoteQuerySchema, type QuoteQuery } from './schemas';

export interface RatesRoutesDeps {
  rates: RatesView;
}

/** Rates move every few seconds: never reuse an answer without asking. */
const RATES_CACHE_CONTROL = 'no-cache';

/** Answers kept per rates state: at most this many scopes (the reserves page's, the assets' lists, pairs). */
export const RATES_ANSWERS_PER_STATE = 256;
const answersByState = new WeakMap<RatesState, Map<string, Buffer>>();

/**
 * The serialised answer of `scope` in `state`: the same bytes for every request until the next
 * tick replaces the state, so it is built once and shared (compressed once per coding: shareBody).
 * The reserves page's answer is asked by every visitor of it; a state's first
 * RATES_ANSWERS_PER_STATE scopes are kept, later ones are built per request.
 */
function ratesAnswer(state: RatesState | null, scope: RatesScope | null): Buffer {
  const build = () => successBody(presentRates(state, scope));
  if (state === null) return build();
  let answers = answersByState.get(state);
  if (!answers) answersByState.set(state, (answers = new Map()));
  const key = JSON.stringify(scope);
  let body = answers.get(key);
  if (!body) {
    body = build();
    if (answers.size < RATES_ANSWERS_PER_STATE) answers.set(key, shareBody(body));
  }
  return body;
}

function quoteInput(query: QuoteQuery, ctx: AppContext): QuoteInput | null {
  if (query.amountSend !== undefined && query.amountReceive !== undefined) {
    throw new ValidationError({ amountReceive: ctx.state.t('rates.both_amounts') });
  }
  if (query.amountSend !== undefined) return { amountSend: query.amountSend };
  if (query.amountReceive !== undefined) return { amountReceive: query.amountReceive };
  return null;
}

/**
 * `GET /rates` → every direction's current rate (stale ones flagged) and every reserve, from
 * this process's memory; with `?pairs=A-B,C-D`, `?asset=A`, `?reserves=1` (common/ratesScope.ts)
 * only the rates of those pairs, of the directions leaving or reaching that asset, and the reserves. `GET /rates/:from/:to` → one offered direction, with a quote when
 * `amountSend` or `amountReceive` is given: 404 for a direction not offered ("available in one
 * way only" when its reverse is), 503 while its rate is stale.
 */
export function ratesRoutes(deps: RatesRoutesDeps): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/rates', validate(ratesQuerySchema, 'query'), function listRates(ctx) {
    ctx.set('Cache-Control', RATES_CACHE_CONTROL);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = ratesAnswer(deps.rates.current(), scopeOfQuery(ctx.state.input as RatesQuery));
  });

  router.get('/rates/:from/:to', validate(quoteQuerySchema, 'query'), function quoteDirection(ctx) {
    const { from, to } = ctx.params;
    const input = quoteInput(ctx.state.input, ctx);
    const state = deps.rates.current();
    if (state === null) throw new ServiceUnavailableError(undefined, { messageKey: 'rates.not_ready' });
    const valid = ASSET_CODE_PATTERN.test(from) && ASSET_CODE_PATTERN.test(to);
    const rate = valid ? state.rates.get(directionKey({ from, to })) : undefined;
    const fromAsset = state.assets.get(from);
    const toAsset = state.assets.get(to);
    if (!rate || !fromAsset || !toAsset) {
      const reverse = valid && state.rates.has(directionKey({ from: to, to: from }));
      throw new NotFoundError({ messageKey: reverse ? 'rates.one_way' : 'rates.direction_unavailable' });
    }
    if (rate.stale) throw new ServiceUnavailableError(undefined, { messageKey: 'rates.stale' });
    const body: DirectionQuoteDto = {
      version: state.version,
      rate,
      quote: input === null ? null : quoteAmounts(rate, fromAsset, toAsset, input, ctx.state.t),
    };
    ctx.set('Cache-Control', RATES_CACHE_CONTROL);
    respond(ctx, body);
  });

  return router;
}
