// The quote belongs to the rates domain (orders price with it too); the routes import it from there.
export { quoteAmounts, type QuoteInput } from '../../rates/quote';
