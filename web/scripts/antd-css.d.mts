import type { Plugin } from 'vite';

export const CRITICAL: string[];
export function blocks(css: string): string[];
export function splitAntdCss(css: string): { critical: string; rest: string };
export function antdStaticCss(): Plugin;
