import type { AssetDto } from '../../../common/catalogue';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';
import { arrayOf, assetSchema, objectOf } from './answers';

/** `currencies`: the offered assets, as GET /api/catalogue lists them (its cache). */
export const currencies = (deps: PartnerApiDeps) =>
  defineMethod<Record<string, never>>({
    name: 'currencies',
    answer: {
      schema: objectOf({ currencies: arrayOf(assetSchema) }),
      example: { currencies: [{ code: 'BTC', name: 'Bitcoin', nameRu: null, type: 'coin', currency: 'BTC', network: null, precision: 8, icon: 'btc', reserve: '3.5', enabled: true, city: null }] },
    },
    async handle(): Promise<{ currencies: AssetDto[] }> {
      const { catalogue } = await deps.catalogue.get();
      return { currencies: catalogue.assets };
    },
  });
