/**
 * The content pages' first texts, both languages (migration 0027 seeds them; staff edit them in
 * the console afterwards). Read by the migration and the tests only, never by the running server.
 */
import type { ContentPageKey } from '../../../common/content';
import { AML_EN, AML_RU } from './aml';
import { ABOUT_US, CASH, CLIENTS, FAQ, GUIDE, HOW_IT_WORKS, PARTNERS, TERMS_PAGE, type SeedTexts } from './pages';
import { TERMS_EN, TERMS_RU } from './terms';

export { AML_SECTIONS } from './aml';
export { TERMS_SECTIONS } from './terms';

export const CONTENT_SEED: Record<ContentPageKey, Record<'ru' | 'en', SeedTexts>> = {
  aboutUs: ABOUT_US,
  clients: CLIENTS,
  terms: TERMS_PAGE,
  amlKyc: { ru: AML_RU, en: AML_EN },
  faq: FAQ,
  guide: GUIDE,
  howItWorks: HOW_IT_WORKS,
  partners: PARTNERS,
  cash: CASH,
};

/** The terms of use, version 1. */
export const TERMS_SEED = { ru: TERMS_RU, en: TERMS_EN };
