import type { Messages } from './zh-CN';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Every language has exactly the keys of zh-CN; `core` holds translations of core messages. */
export type Translation = Shape<Omit<Messages, 'core'>> & { core: Record<string, Record<string, string>> };

export type Language = 'zh-CN' | 'zh-TW' | 'en';
export const LANGUAGES: Language[] = ['zh-CN', 'zh-TW', 'en'];
