import type { MetadataRoute } from 'next';
import { brand } from '@/lib/config';

/** The web app manifest (/manifest.webmanifest): the brand's name and icons for home screens. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: brand.product,
    short_name: brand.product,
    start_url: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: '#1f43a6',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}
