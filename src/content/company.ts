/**
 * Every fact about the studio; the example.com addresses are placeholders to replace. The name and
 * email are in src/contract/company.ts, since the contact mail uses them too.
 */
import { studio, type Studio } from '../contract/company.ts';

export interface PostalAddress {
  readonly street: string;
  readonly locality: string;
  readonly region: string;
  readonly postalCode: string;
  readonly country: string;
}

export interface Company extends Studio {
  readonly address: PostalAddress;
  readonly social: { readonly url: string; readonly label: string };
  /** The welcome text, one paragraph per entry. */
  readonly welcome: readonly string[];
  readonly tagline: string;
}

export const company: Company = {
  ...studio,
  address: {
    street: '1200 O Street, Suite 400',
    locality: 'Lincoln',
    region: 'NE',
    postalCode: '68508',
    country: 'USA',
  },
  social: { url: 'https://github.com/bluestem-software', label: 'Bluestem Software on GitHub' },
  tagline: 'A small studio that builds mobile apps, websites and other digital services.',
  welcome: [
    'Welcome. We are a small team of engineers and designers from the prairie who build mobile apps, websites and the digital services behind them.',
    'We like software that is quick, calm and made to last. Whether you need a product taken from a sketch to the app stores, or a careful hand on something you already run, we would love to hear what you are making.',
  ],
};

export function formatAddress(a: PostalAddress = company.address): string {
  return `${a.street}, ${a.locality}, ${a.region} ${a.postalCode}, ${a.country}`;
}
