import type { CardBrand } from '@tessera/domain';
import type { PaymentsProvider } from './provider.ts';

/**
 * The built-in provider: works offline. Cards come from its vault (POST payments/builtin/tokens, which the billing
 * service reads since the vault is a table of the platform); charges succeed unless the card is the declining test
 * card; invoices without a card wait for a bank transfer that a tenant owner marks paid. It has no customers and no
 * subscriptions: billing's own records are the whole truth.
 */
export function createBuiltinProvider(): PaymentsProvider {
  return {
    kind: 'builtin',
    publishableKey: null,
    ensureCustomer: async () => null,
    syncProfile: async () => {},
    createSetupIntent: async () => null,
    attachPaymentMethod: async () => {
      // The billing service redeems built-in tokens from the vault itself (builtin_card_tokens, one use, this tenant).
      throw new Error('built-in tokens are redeemed by the billing service');
    },
    detachPaymentMethod: async () => {},
    setDefaultPaymentMethod: async () => {},
    collectInvoice: async (_account, _customer, invoice, declines) => {
      if (invoice.collection !== 'card' || invoice.total === 0)
        return { status: invoice.total === 0 ? 'paid' : 'open', providerInvoiceId: null };
      return { status: declines ? 'declined' : 'paid', providerInvoiceId: null };
    },
    syncSubscription: async () => null,
    cancelSubscription: async () => {},
  };
}

/** The Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

const between = (prefix: string, digits: number, low: number, high: number) => {
  const n = Number(prefix.slice(0, digits));
  return prefix.length >= digits && n >= low && n <= high;
};

/** The card brand from the number's leading digits (the issuer identification number ranges). */
export function brandOf(digits: string): CardBrand {
  if (digits.startsWith('4')) return 'visa';
  if (between(digits, 2, 51, 55) || between(digits, 4, 2221, 2720)) return 'mastercard';
  if (between(digits, 2, 34, 34) || between(digits, 2, 37, 37)) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || between(digits, 3, 644, 649) || between(digits, 6, 622126, 622925))
    return 'discover';
  if (between(digits, 3, 300, 305) || digits.startsWith('36') || digits.startsWith('38') || digits.startsWith('39')) return 'diners';
  if (between(digits, 4, 3528, 3589)) return 'jcb';
  if (digits.startsWith('62')) return 'unionpay';
  return 'unknown';
}
