import { brand } from '@/lib/config';

/** schema.org Organization with the postal address, for search engines (home page). */
export function OrganizationJsonLd({ description, url }: { description: string; url: string }) {
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: brand.company,
    alternateName: brand.product,
    url,
    email: brand.supportEmail,
    description,
    address: {
      '@type': 'PostalAddress',
      streetAddress: brand.street,
      addressLocality: brand.city,
      addressRegion: brand.regionCode,
      postalCode: brand.postalCode,
      addressCountry: brand.countryCode,
    },
  };
  // JSON inside <script>: escape "<" so no text can close the element early.
  const json = JSON.stringify(organization).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
