/**
 * The management screens a picker opens to add what it offers (issue 23 §3 web: widgets never
 * import pages). A picker knows only these interfaces; the app layer registers the real
 * screens (src/app/pickerManagers.tsx, from the shell), so the pages depend on the widgets and
 * never the other way round. Without a registration the picker has no add button.
 */
import type { ComponentType } from 'react';
import type { DictionaryItem } from '@/api/dictionary';

/** The serial-number rule form: opened on `target` (`{ id: '' }` adds), closed with null. */
export interface BillRuleManagerProps {
  target: { id: string } | null;
  /** The businessType dictionary's items: the rule's categories. */
  categories: DictionaryItem[];
  onClose(): void;
  /** A rule was saved: the picker lists it. */
  onSaved(): void;
}

export interface PickerManagers {
  /** BillRuleSelect's add: the serial-number rule page's own form. */
  billRule?: ComponentType<BillRuleManagerProps>;
  /** DictionarySelect's add: the dictionary management screen, shown in a dialog. */
  dictionary?: ComponentType;
}

let registered: PickerManagers = {};

/** Registers (or replaces) management screens; the ones not named stay as they were. */
export function registerPickerManagers(managers: PickerManagers): void {
  registered = { ...registered, ...managers };
}

/** The registered management screens. */
export function pickerManagers(): PickerManagers {
  return registered;
}
