import type { PartnerMethodDefinition } from '../registry';
import { ping } from './ping';

/** Every method of the signed call (`POST /api/service/api/v1/{method}`): add new ones here. */
export const PARTNER_METHODS: PartnerMethodDefinition[] = [ping as PartnerMethodDefinition];
