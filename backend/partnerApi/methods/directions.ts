import { isBankCard } from '../../../common/catalogue';
import type { PartnerDirectionDto } from '../../../common/partnerApi';
import { directionKey } from '../../rates/engine';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';
import { directionsParamsSchema } from './schemas';

/**
 * `directions`: the offered directions (the catalogue's cache) with the live rate's figures
 * (min, max, reserve, rate types: backend/rates) and whether one can be ordered now — a direction
 * outside its hours or with stale prices has no fresh rate (as createOrder refuses it).
 */
export const directions = (deps: PartnerApiDeps) =>
  defineMethod<{ from?: string; to?: string }>({
    name: 'directions',
    schema: directionsParamsSchema,
    summary: 'The offered directions: rate, min, max, reserve, rate types, manual, card check, availability now.',
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
