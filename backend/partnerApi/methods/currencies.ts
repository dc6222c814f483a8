import type { AssetDto } from '../../../common/catalogue';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';

/** `currencies`: the offered assets, as GET /api/catalogue lists them (its cache). */
export const currencies = (deps: PartnerApiDeps) =>
  defineMethod<Record<string, never>>({
    name: 'currencies',
    summary: 'The offered currencies (assets): code, names, type, precision, reserve.',
    async handle(): Promise<{ currencies: AssetDto[] }> {
      const { catalogue } = await deps.catalogue.get();
      return { currencies: catalogue.assets };
    },
  });
