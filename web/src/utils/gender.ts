/**
 * A user's gender as shown: the sex dictionary's name for the code, unless it is still the
 * seeded Chinese name (男/女/保密) — then the current language's word for it, so the English
 * list says Female, not 女. A renamed item is the administrators' own text and shows as written;
 * an unknown or empty code reads as undisclosed.
 */
import type { TFunction } from 'i18next';
import zhCN from '@/i18n/zh-CN';

const SEEDED: Record<string, string> = zhCN.profile.genders;

export function genderName(code: string | null | undefined, items: { enCode: string; fullName: string }[], t: TFunction): string {
  const key = String(code ?? '');
  const item = items.find((i) => i.enCode === key);
  if (item && item.fullName !== SEEDED[key]) return item.fullName;
  return t(`profile.genders.${key === '1' || key === '2' ? key : '3'}`);
}
