import { expect } from 'chai';
import { ConflictError, InternalError, ServiceUnavailableError } from '../errors';
import { KVUnavailableError } from '../kv';
import { toAppError } from './errorHandler';

function httpError(status: number, type?: string): Error {
  return Object.assign(new Error('http error'), { status, type });
}

describe('toAppError', () => {
  it('keeps an AppError as it is', () => {
    const error = new ConflictError({ messageKey: 'errors.conflict' });
    expect(toAppError(error)).to.equal(error);
  });

  it('maps a JSON parse failure to 400 bad_request', () => {
    expect(toAppError(httpError(400, 'entity.parse.failed'))).to.include({ status: 400, code: 'bad_request' });
  });

  it('maps a body over the limit to 413 payload_too_large', () => {
    expect(toAppError(httpError(413, 'entity.too.large'))).to.include({ status: 413, code: 'payload_too_large' });
  });

  it('maps an unsupported body charset to 415 unsupported_media_type', () => {
    expect(toAppError(httpError(415, 'charset.unsupported'))).to.include({ status: 415, code: 'unsupported_media_type' });
  });

  it("maps Koa's 404 to not_found", () => {
    expect(toAppError(httpError(404))).to.include({ status: 404, code: 'not_found' });
  });

  it('maps an unlisted client status to 400 bad_request', () => {
    expect(toAppError(httpError(416))).to.include({ status: 400, code: 'bad_request' });
  });

  it('maps an unavailable KV to 503 service_unavailable', () => {
    expect(toAppError(new KVUnavailableError('get'))).to.be.instanceOf(ServiceUnavailableError);
  });

  it('maps anything else to 500 internal_error', () => {
    expect(toAppError(new TypeError('x is undefined'))).to.be.instanceOf(InternalError);
    expect(toAppError('a thrown string')).to.be.instanceOf(InternalError);
  });
});
