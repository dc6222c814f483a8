import { expect } from 'chai';
import { ProviderError, type ProviderErrorKind } from '../types';

/** Awaits a poll that must fail, checks it failed with a `ProviderError` of `kind`, returns it. */
export async function expectProviderError(poll: Promise<unknown>, kind: ProviderErrorKind): Promise<ProviderError> {
  const error = await poll.then(
    () => expect.fail('the poll resolved, a ProviderError was expected'),
    (reason: unknown) => reason,
  );
  expect(error).to.be.instanceOf(ProviderError);
  expect((error as ProviderError).kind, (error as Error).message).to.equal(kind);
  return error as ProviderError;
}
