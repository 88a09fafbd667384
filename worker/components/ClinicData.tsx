import { onSite, StructuredData } from './StructuredData';

/** docs/requirements.md §2: clinic as schema.org's MedicalClinic (home and contacts): name, phone, site, logo, since 2013. */
export function ClinicData({ name, phone, siteUrl }: { name: string; phone: string; siteUrl: string }) {
  return (
    <StructuredData
      data={{
        '@type': 'MedicalClinic',
        name,
        telephone: phone,
        url: onSite(siteUrl, '/'),
        logo: onSite(siteUrl, '/logo.svg'),
        foundingDate: '2013',
        currenciesAccepted: 'RUB',
      }}
    />
  );
}
