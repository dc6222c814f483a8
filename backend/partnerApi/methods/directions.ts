import { isBankCard } from '../../../common/catalogue';
import type { PartnerDirectionDto } from '../../../common/partnerApi';
import { directionKey } from '../../rates/engine';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';
import { directionsParamsSchema } from './schemas';
import { arrayOf, bool, decimal, int, nullable, objectOf, oneOf, str } from './answers';
import { RATE_TYPES } from '../../../common/enums';
import { EXTRA_FIELD_NAMES } from '../../../common/catalogue';

/**
 * `directions`: the offered directions (the catalogue's cache) with the live rate's figures
 * (min, max, reserve, rate types: backend/rates) and whether one can be ordered now — a direction
 * outside its hours or with stale prices has no fresh rate (as createOrder refuses it).
 */
export const directions = (deps: PartnerApiDeps) =>
  defineMethod<{ from?: string; to?: string }>({
    name: 'directions',
    schema: directionsParamsSchema,
    answer: {
      schema: objectOf({
        directions: arrayOf(
          objectOf(
            {
              from: str,
              to: str,
              available: bool,
              rate: nullable(decimal),
              min: decimal,
              max: decimal,
              reserve: decimal,
              rateTypes: arrayOf(oneOf(RATE_TYPES)),
              fixedPeriodMinutes: int,
              manual: bool,
              cardVerification: bool,
              extraFields: arrayOf(objectOf({ name: oneOf(EXTRA_FIELD_NAMES), required: bool, pattern: str }, ['pattern'])),
              schedule: objectOf({ utcOffsetMinutes: int, ranges: arrayOf(objectOf({ day: int, from: str, to: str })) }),
            },
            ['schedule'],
          ),
        ),
      }),
      example: {
        directions: [
          {
            from: 'BTC',
            to: 'SBERRUB',
            available: true,
            rate: '6012345.5',
            min: '0.001',
            max: '2',
            reserve: '1500000',
            rateTypes: ['fixed', 'float'],
            fixedPeriodMinutes: 30,
            manual: false,
            cardVerification: false,
            extraFields: [{ name: 'cardHolder', required: true, pattern: '^[A-Z ]{2,64}$' }],
          },
        ],
      },
    },
    async handle({ params }): Promise<{ directions: PartnerDirectionDto[] }> {
      const { catalogue } = await deps.catalogue.get();
      const assets = new Map(catalogue.assets.map((asset) => [asset.code, asset]));
      const state = deps.orders.rates.current();
      const rows = catalogue.directions.filter((direction) => (!params.from || direction.from === params.from) && (!params.to || direction.to === params.to));
      return {
        directions: rows.map((direction) => {
          const live = state && !state.expired ? state.rates.get(directionKey(direction)) : undefined;
          const available = live !== undefined && !live.stale && assets.has(direction.from) && assets.has(direction.to);
          const from = assets.get(direction.from);
          const dto: PartnerDirectionDto = {
            from: direction.from,
            to: direction.to,
            available,
            rate: available ? live!.rate : null,
            min: live?.min ?? direction.minAmount,
            max: live?.max ?? direction.maxAmount,
            reserve: live?.reserve ?? assets.get(direction.to)?.reserve ?? '0',
            rateTypes: live ? live.rateTypes.filter((type) => direction.rateTypes.includes(type)) : [...direction.rateTypes],
            fixedPeriodMinutes: direction.fixedPeriodMinutes,
            manual: direction.manual,
            cardVerification: from ? isBankCard(from) : false,
            extraFields: direction.extraFields,
          };
          if (direction.schedule) dto.schedule = direction.schedule;
          return dto;
        }),
      };
    },
  });
