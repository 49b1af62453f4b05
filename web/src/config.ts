/**
 * Build-time configuration (vite `define`, see vite.config.ts; jest sets the same globals).
 * QIMING_DATAV_URL: the data-visualisation host for menu types 6/7 (default: this origin +
 * /DataV). QIMING_REQUEST_TIMEOUT: request timeout in ms (default the spec's 1000000).
 */
import { DEFAULT_TIMEOUT } from '@/api/request';

declare const __DATAV_URL__: string;
declare const __REQUEST_TIMEOUT__: number;

export function dataVHost(): string {
  const configured = typeof __DATAV_URL__ === 'string' ? __DATAV_URL__ : '';
  if (configured) return configured.replace(/\/+$/, '');
  return typeof window === 'undefined' ? '/DataV' : `${window.location.origin}/DataV`;
}

export function requestTimeout(): number {
  return (typeof __REQUEST_TIMEOUT__ === 'number' && __REQUEST_TIMEOUT__ > 0 ? __REQUEST_TIMEOUT__ : 0) || DEFAULT_TIMEOUT;
}
