/**
 * The column settings of a list (jnpf-wire-engine2.md §5; LIST-005…009): a gear (表头设置)
 * opens the drawer 列表显示设置, 320px wide, a checkbox per column and a handle to drag it to
 * another place (dnd-kit; the keyboard works too), 恢复默认 back to the definition's columns.
 * Every change is saved to the server at once (SetColumnsByModuleId, per user and menu) and
 * shown at once; a save that fails puts the previous list back (LIST-008). The saved list is
 * read once per list (GetColumnsByModuleId) and merged with the definition: columns gone from
 * it are dropped, new ones are appended, shown.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Drawer, Tooltip } from 'antd';
import { HolderOutlined, SettingOutlined } from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { getColumns, setColumns } from '@/api/columnSettings';

/** The drawer's width (LIST-005). */
export const COLUMN_DRAWER_WIDTH = 320;

/** A column as the drawer keeps it (LIST-006). */
export interface ColumnItem {
  prop: string;
  label: string;
  visible: boolean;
}

/**
 * The definition's columns in the saved order and visibility: saved props the definition no
 * longer has are dropped, its new columns appended (shown). Labels are the definition's.
 */
export function mergeColumns(defaults: { prop: string; label: string }[], saved: { prop: string; visible?: boolean; columnVisible?: boolean }[]): ColumnItem[] {
  const known = new Map(defaults.map((c) => [c.prop, c.label]));
  const out: ColumnItem[] = [];
  for (const s of saved) {
    const label = known.get(s.prop);
    if (label === undefined || out.some((o) => o.prop === s.prop)) continue;
    out.push({ prop: s.prop, label, visible: s.visible ?? s.columnVisible ?? true });
  }
  for (const c of defaults) if (!out.some((o) => o.prop === c.prop)) out.push({ prop: c.prop, label: c.label, visible: true });
  return out;
}

/**
 * The columns of the list `moduleId` (a menu id) for the signed-in user: the saved settings
 * merged with `defaults` once loaded; `apply` shows and saves a new list and restores the
 * previous one when the save fails; `reset` saves the empty list (the defaults again).
 */
export function useColumnSettings(moduleId: string, defaults: { prop: string; label: string }[]) {
  const [saved, setSaved] = useState<{ prop: string; visible?: boolean; columnVisible?: boolean }[]>([]);
  const [loaded, setLoaded] = useState(false);
  const key = defaults.map((d) => `${d.prop}\u0000${d.label}`).join('\u0001');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the defaults by content
  const merged = useCallback(() => mergeColumns(defaults, saved), [key, saved]);
  const [items, setItems] = useState<ColumnItem[]>(() => mergeColumns(defaults, []));
  const current = useRef(items);
  current.current = items;

  useEffect(() => {
    let alive = true;
    setLoaded(false);
    getColumns(moduleId).then(
      ({ data }) => {
        if (!alive) return;
        setSaved(Array.isArray(data) ? data : []);
        setLoaded(true);
      },
      () => alive && setLoaded(true),
    );
    return () => {
      alive = false;
    };
  }, [moduleId]);

  useEffect(() => setItems(merged()), [merged]);

  const save = useCallback(
    async (next: ColumnItem[], stored: ColumnItem[]) => {
      const previous = current.current;
      setItems(next);
      try {
        await setColumns(moduleId, stored);
        setSaved(stored);
      } catch {
        // LIST-008: the list the user had before the failed save.
        setItems(previous);
      }
    },
    [moduleId],
  );
  const apply = useCallback((next: ColumnItem[]) => save(next, next), [save]);
  const reset = useCallback(() => save(mergeColumns(defaults, []), []), [save, defaults]);
  return { items, loaded, apply, reset };
}

/** The gear of the list's header that opens the drawer. */
export function ColumnSettingsButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('columns.header')}>
      <Button className="qm-column-settings" aria-label={t('columns.header')} icon={<SettingOutlined />} onClick={onClick} />
    </Tooltip>
  );
}

export function ColumnSettingsDrawer({ open, items, onChange, onReset, onClose }: { open: boolean; items: ColumnItem[]; onChange(next: ColumnItem[]): void; onReset(): void; onClose(): void }) {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.prop === active.id);
    const to = items.findIndex((i) => i.prop === over.id);
    if (from < 0 || to < 0) return;
    onChange(arrayMove(items, from, to));
  };
  return (
    <Drawer
      open={open}
      title={t('columns.title')}
      size={COLUMN_DRAWER_WIDTH}
      className="qm-column-drawer"
      onClose={onClose}
      extra={<Button onClick={onReset}>{t('columns.reset')}</Button>}
    >
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={items.map((i) => i.prop)} strategy={verticalListSortingStrategy}>
          <div className="qm-column-list">
            {items.map((item) => (
              <ColumnRow
                key={item.prop}
                item={item}
                onToggle={(visible) => onChange(items.map((i) => (i.prop === item.prop ? { ...i, visible } : i)))}
              />
            ))}
          </div>
        </SortableContext>
      </DndContext>
    </Drawer>
  );
}

function ColumnRow({ item, onToggle }: { item: ColumnItem; onToggle(visible: boolean): void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.prop });
  return (
    <div
      ref={setNodeRef}
      className="qm-column-row"
      data-prop={item.prop}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.4 : 1, display: 'flex', alignItems: 'center', gap: 8, padding: '6px 0' }}
    >
      <span className="qm-column-handle" aria-label={t('columns.drag', { label: item.label })} style={{ cursor: 'move' }} {...attributes} {...listeners}>
        <HolderOutlined />
      </span>
      <Checkbox checked={item.visible} onChange={(e) => onToggle(e.target.checked)}>
        {item.label}
      </Checkbox>
    </div>
  );
}
