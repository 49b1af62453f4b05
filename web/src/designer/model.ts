/**
 * The form designer's model (issue 27), no React: the JNPF `formData` being edited, the
 * selected widget (by `__config__.formId`) and the undo/redo history. Every operation answers
 * a new state and leaves the old one as it was. Field names are generated as JNPF does
 * (`<jnpfKey>Field<formId>`, letters and digits only, unique in the form); whether an edited
 * name is allowed is the core's `checkDefinition` (the screen shows its problems).
 */
import type { Field, FormDefinition } from '@/engine/definition';
import { allowedInTable, blankForm, hasFieldName, holdsChildren, newWidget, part, PART_KEYS } from './palette';

export interface DesignerState {
  form: FormDefinition;
  selected: number | null;
  past: FormDefinition[];
  future: FormDefinition[];
}

/** Where a widget goes: into `parent`'s children (a container's formId; null: the form) at `index`. */
export interface Target {
  parent: number | null;
  index: number;
}

const HISTORY = 100;

export function createState(form?: FormDefinition): DesignerState {
  return { form: form ?? (blankForm() as FormDefinition), selected: null, past: [], future: [] };
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

const idOf = (f: Field): number => Number(f.__config__.formId);

/** A widget's place: the list holding it and its index there (null when absent). */
function locate(fields: Field[], formId: number): { list: Field[]; index: number; parent: Field | null } | null {
  const walk = (list: Field[], parent: Field | null): ReturnType<typeof locate> => {
    for (let i = 0; i < list.length; i++) {
      const f = list[i];
      if (!f?.__config__) continue;
      if (idOf(f) === formId) return { list, index: i, parent };
      const children = f.__config__.children;
      if (Array.isArray(children)) {
        const found = walk(children, f);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(fields, null);
}

/** The widget whose formId is `formId`, anywhere in the form. */
export function findWidget(form: FormDefinition, formId: number | null): Field | null {
  if (formId == null) return null;
  const at = locate(form.fields, formId);
  return at ? at.list[at.index] : null;
}

/** The container holding `formId` (null at the top of the form or when absent). */
export function parentOf(form: FormDefinition, formId: number): Field | null {
  return locate(form.fields, formId)?.parent ?? null;
}

/** Every widget, containers and sub-table columns included, in form order. */
export function allWidgets(fields: Field[]): Field[] {
  const out: Field[] = [];
  const walk = (list: Field[]) => {
    for (const f of list) {
      if (!f?.__config__) continue;
      out.push(f);
      if (Array.isArray(f.__config__.children)) walk(f.__config__.children);
    }
  };
  walk(fields);
  return out;
}

/** Field names in use (sub-table columns included). */
export function fieldNames(form: FormDefinition): Set<string> {
  return new Set(allWidgets(form.fields).map((f) => f.__vModel__).filter((n): n is string => typeof n === 'string' && n !== ''));
}

/** A change of the form: recorded in the history, the redo list dropped. */
function commit(state: DesignerState, form: FormDefinition, selected: number | null = state.selected): DesignerState {
  return { form, selected, past: [...state.past, state.form].slice(-HISTORY), future: [] };
}

/** The next ids of a draft (it is the caller's copy): `idGlobal` counts up as in JNPF. */
function idsFor(form: FormDefinition, now: number) {
  const highest = Math.max(Number(form.idGlobal) || 100, ...allWidgets(form.fields).map(idOf).filter(Number.isFinite));
  let id = highest;
  return {
    now,
    next: () => {
      id += 1;
      form.idGlobal = id;
      return id;
    },
  };
}

/** Gives `widget` and everything inside it a field name unique in `names` (names taken are added). */
function nameAll(widget: Field, names: Set<string>, table?: string) {
  for (const f of [widget, ...allWidgets(widget.__config__.children ?? [])]) {
    const c = f.__config__;
    if (!hasFieldName(c.jnpfKey)) continue;
    let name = `${c.jnpfKey}Field${c.formId}`;
    for (let n = 1; names.has(name); n++) name = `${c.jnpfKey}Field${c.formId}${n}`;
    names.add(name);
    f.__vModel__ = name;
  }
  markColumns(widget, table);
}

/** A widget in a sub-table knows it (JNPF's isSubTable/parentVModel); one taken out forgets. */
function markColumns(widget: Field, table: string | undefined) {
  const c = widget.__config__;
  if (table) {
    c.isSubTable = true;
    c.parentVModel = table;
    if (c.jnpfKey === 'calculate') c.relationTable = '';
  } else {
    delete c.isSubTable;
    delete c.parentVModel;
    delete c.relationTable;
  }
  if (c.jnpfKey === 'table') for (const column of c.children ?? []) markColumns(column, widget.__vModel__);
}

/** The list a target names in `form` (a draft copy), and the sub-table it is (if it is one). */
function targetList(form: FormDefinition, parent: number | null): { list: Field[]; table?: Field } | null {
  if (parent == null) return { list: form.fields };
  const container = findWidget(form, parent);
  if (!container || !holdsChildren(container.__config__.jnpfKey)) return null;
  const key = container.__config__.jnpfKey;
  // tab, collapse and tableGrid(Tr) hold their parts only; widgets go into the parts.
  if (['tab', 'collapse', 'tableGrid', 'tableGridTr'].includes(key)) return null;
  if (!Array.isArray(container.__config__.children)) container.__config__.children = [];
  return { list: container.__config__.children, table: key === 'table' ? container : undefined };
}

/** Can a widget of `key` go into `parent`? */
export function accepts(form: FormDefinition, parent: number | null, key: string): boolean {
  if (PART_KEYS.has(key)) return false;
  const target = targetList(form, parent);
  if (!target) return false;
  if (target.table) return allowedInTable(key);
  return true;
}

/** Inserts a new widget of `key` from the palette (labelled `label`) and selects it. */
export function insert(state: DesignerState, key: string, label: string, target: Target | null = null, now = Date.now()): DesignerState {
  const form = clone(state.form);
  const where = target ?? { parent: null, index: form.fields.length };
  if (!accepts(form, where.parent, key)) return state;
  const widget = newWidget(key, label, idsFor(form, now));
  const into = targetList(form, where.parent)!;
  nameAll(widget, fieldNames(form), into.table?.__vModel__);
  into.list.splice(clamp(where.index, into.list.length), 0, widget);
  return commit(state, form, idOf(widget));
}

/** Moves a widget to `target` (another container or a new place in its own); refused when the target cannot hold it or is inside it. */
export function move(state: DesignerState, formId: number, target: Target): DesignerState {
  const form = clone(state.form);
  const at = locate(form.fields, formId);
  if (!at) return state;
  const widget = at.list[at.index];
  const key = widget.__config__.jnpfKey;
  if (target.parent != null && (target.parent === formId || allWidgets(widget.__config__.children ?? []).some((f) => idOf(f) === target.parent))) return state;
  if (!accepts(form, target.parent, key)) return state;
  const into = targetList(form, target.parent)!;
  let index = target.index;
  if (into.list === at.list && at.index < index) index -= 1;
  at.list.splice(at.index, 1);
  index = clamp(index, into.list.length);
  if (into.list === at.list && at.index === index) return state;
  into.list.splice(index, 0, widget);
  markColumns(widget, into.table?.__vModel__);
  return commit(state, form, formId);
}

/** Copies a widget (with everything inside it) just after it: new ids and field names; the copy is selected. */
export function copy(state: DesignerState, formId: number, now = Date.now()): DesignerState {
  const form = clone(state.form);
  const at = locate(form.fields, formId);
  if (!at || PART_KEYS.has(at.list[at.index].__config__.jnpfKey)) return state;
  const copied = clone(at.list[at.index]);
  const ids = idsFor(form, now);
  for (const f of [copied, ...allWidgets(copied.__config__.children ?? [])]) {
    const c = f.__config__;
    c.formId = ids.next();
    c.renderKey = now + c.formId;
    if (typeof c.componentName === 'string') c.componentName = `${c.jnpfKey}${c.formId}`;
  }
  const table = at.parent?.__config__.jnpfKey === 'table' ? at.parent.__vModel__ : undefined;
  nameAll(copied, fieldNames(form), table);
  at.list.splice(at.index + 1, 0, copied);
  return commit(state, form, idOf(copied));
}

/** Deletes a widget (and what it holds); the selection goes to its neighbour. */
export function remove(state: DesignerState, formId: number): DesignerState {
  const form = clone(state.form);
  const at = locate(form.fields, formId);
  if (!at || PART_KEYS.has(at.list[at.index].__config__.jnpfKey)) return state;
  at.list.splice(at.index, 1);
  const neighbour = at.list[Math.min(at.index, at.list.length - 1)];
  return commit(state, form, neighbour ? idOf(neighbour) : at.parent ? idOf(at.parent) : null);
}

export function select(state: DesignerState, formId: number | null): DesignerState {
  return { ...state, selected: formId };
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown) {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  if (value === undefined) delete node[last];
  else node[last] = clone(value);
}

/** Sets a widget's property at `path` (e.g. ['__config__', 'label']); undefined removes it. */
export function update(state: DesignerState, formId: number, path: string[], value: unknown): DesignerState {
  if (!path.length) return state;
  const form = clone(state.form);
  const widget = findWidget(form, formId);
  if (!widget) return state;
  setPath(widget, path, value);
  // A sub-table renamed: its columns follow (parentVModel).
  if (widget.__config__.jnpfKey === 'table' && path.length === 1 && path[0] === '__vModel__') markColumns(widget, undefined);
  return commit(state, form);
}

/** Sets a form property (labelWidth, popupType, button texts …). */
export function updateForm(state: DesignerState, path: string[], value: unknown): DesignerState {
  if (!path.length || path[0] === 'fields') return state;
  const form = clone(state.form);
  setPath(form as Record<string, unknown>, path, value);
  return commit(state, form);
}

/** Removes every widget (the form's settings stay). */
export function clear(state: DesignerState): DesignerState {
  if (!state.form.fields.length) return state;
  return commit(state, { ...clone(state.form), fields: [] }, null);
}

/** Replaces the whole definition (JSON import); undoable. */
export function replace(state: DesignerState, form: FormDefinition): DesignerState {
  return commit(state, clone({ ...form, fields: Array.isArray(form.fields) ? form.fields : [] }), null);
}

export function canUndo(state: DesignerState): boolean {
  return state.past.length > 0;
}

export function canRedo(state: DesignerState): boolean {
  return state.future.length > 0;
}

export function undo(state: DesignerState): DesignerState {
  if (!state.past.length) return state;
  const form = state.past[state.past.length - 1];
  return { form, selected: findWidget(form, state.selected) ? state.selected : null, past: state.past.slice(0, -1), future: [state.form, ...state.future] };
}

export function redo(state: DesignerState): DesignerState {
  if (!state.future.length) return state;
  const [form, ...future] = state.future;
  return { form, selected: findWidget(form, state.selected) ? state.selected : null, past: [...state.past, state.form], future };
}

function clamp(index: number, length: number): number {
  return Math.max(0, Math.min(Number.isFinite(index) ? index : length, length));
}

/** Where a widget is: its container (null: the form) and index — a drop on it puts the dragged widget there. */
export function placeOf(form: FormDefinition, formId: number): Target | null {
  const at = locate(form.fields, formId);
  return at ? { parent: at.parent ? idOf(at.parent) : null, index: at.index } : null;
}

/**
 * The widget a problem of core's check names by its JSON Pointer
 * (`/formData/fields/2/__config__/children/0/__config__/regList/1/pattern`): the innermost
 * widget on the path, null when the pointer names none (a form setting, another part).
 */
export function widgetAt(form: FormDefinition, pointer: string): Field | null {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts[0] === 'formData') parts.shift();
  if (parts[0] !== 'fields') return null;
  let list: Field[] | undefined = form.fields;
  let found: Field | null = null;
  let i = 1;
  while (list && i < parts.length) {
    const widget: Field | undefined = list[Number(parts[i])];
    if (!widget?.__config__) break;
    found = widget;
    if (parts[i + 1] === '__config__' && parts[i + 2] === 'children') {
      list = widget.__config__.children;
      i += 3;
    } else break;
  }
  return found;
}

/** Adds a pane to a tab or a panel to a collapse (titled `title`, named by the next free number). */
export function addPart(state: DesignerState, formId: number, title: string, now = Date.now()): DesignerState {
  const form = clone(state.form);
  const container = findWidget(form, formId);
  const key = container?.__config__.jnpfKey;
  if (!container || (key !== 'tab' && key !== 'collapse')) return state;
  const children = (container.__config__.children ??= []);
  const names = new Set(children.map((c) => String(c.name ?? '')));
  let n = children.length + 1;
  while (names.has(String(n))) n += 1;
  children.push(part(key === 'tab' ? 'tabItem' : 'collapseItem', { title, name: String(n) }, idsFor(form, now)));
  return commit(state, form);
}

/** Removes a tab's pane or a collapse's panel (with what it holds); the last one stays. */
export function removePart(state: DesignerState, formId: number): DesignerState {
  const form = clone(state.form);
  const at = locate(form.fields, formId);
  if (!at || !['tabItem', 'collapseItem'].includes(at.list[at.index].__config__.jnpfKey) || at.list.length < 2) return state;
  at.list.splice(at.index, 1);
  return commit(state, form, at.parent ? idOf(at.parent) : null);
}
