/**
 * The two fixed top categories, 系统字典 (0) and 业务字典 (1): folders for the other
 * categories that hold no items and are never edited, deleted or exported. The screen offers
 * no add (DICT-011) and no row actions (DICT-015) on them; the server refuses the same calls
 * (server/src/system/dictionary/service.rs `is_fixed`), so this only spares the user a refusal.
 */
const FIXED = new Set(['0', '1']);

export function isFixedType(id: string): boolean {
  return FIXED.has(id);
}
