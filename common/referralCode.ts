/**
 * A referral code: what `?r=` carries (letters and digits). Its own module, free of the schemas of
 * ./referral.ts, so every page's first load can read the code without the validation library.
 */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;
