/**
 * 列表设计 (issue 27): the list of a model, as JNPF's list designer makes it — the form's fields
 * (tick 列 / 查询, or drag a field into the columns), the columns (dragged into order with
 * dnd-kit; label, width, align, fixed, sortable) and the search fields (search type, multiple),
 * and 列表属性: list type with its settings, paging and page size, default sort, header and row
 * buttons with their labels, the four permission switches. Every edit is listModel's; the
 * output is columnData (jnpf-wire-engine.md §4). Core's checkDefinition says what a release
 * would refuse; a problem of a column or search field selects it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Empty, Input, InputNumber, Radio, Select, Switch, Tabs, TreeSelect, Typography } from 'antd';
import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, closestCenter, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { DefinitionProblem } from '@qiming/core';
import { api } from '@/api/client';
import { getDictionaryTypes } from '@/api/dictionary';
import { loadCore } from '@/core';
import { coreText } from '@/i18n';
import type { FormDefinition } from '@/engine';
import * as list from './listModel';
import './designer.css';

export interface ListDesignerProps {
  form: FormDefinition;
  value: list.ColumnData;
  onChange(next: list.ColumnData): void;
}

type Selected = { list: 'columnList' | 'searchList'; prop: string } | null;

const COLUMNS = 'columns';
const fieldId = (prop: string) => `field:${prop}`;
const columnId = (prop: string) => `column:${prop}`;
const searchId = (prop: string) => `search:${prop}`;

/** The button labels in the screen's language (what a new button is written with). */
export function useButtonLabels(): Record<string, string> {
  const { t } = useTranslation();
  return useMemo(() => ({ ...Object.fromEntries(Object.keys(list.BUTTON_LABELS).map((k) => [k, t(`listDesigner.buttons.${k}`)])), treeTitle: t('listDesigner.treeTitleDefault') }), [t]);
}

export function ListDesigner({ form, value: cd, onChange }: ListDesignerProps) {
  const { t } = useTranslation();
  const labels = useButtonLabels();
  const [selected, setSelected] = useState<Selected>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [problems, setProblems] = useState<DefinitionProblem[]>([]);
  const fields = useMemo(() => list.candidates(form), [form]);
  const searchable = useMemo(() => new Set(list.searchCandidates(form).map((c) => c.prop)), [form]);
  const main = useMemo(() => list.mainCandidates(form), [form]);
  const shown = new Set(cd.columnList.map((c) => c.prop));
  const searched = new Set(cd.searchList.map((c) => c.prop));
  const edit = useCallback((f: (cd: list.ColumnData) => list.ColumnData) => onChange(f(cd)), [cd, onChange]);

  // What core's release check says of the list (after each change, shortly).
  useEffect(() => {
    let alive = true;
    const timer = setTimeout(() => {
      void loadCore().then((core) => {
        if (!alive) return;
        const base = { fullName: 'draft', enCode: 'draft', type: 1, webType: 2, formData: JSON.stringify(form), columnData: JSON.stringify(list.refresh(cd, form)) };
        try {
          setProblems(core.checkDefinition(base as never).problems.filter((p) => p.path.startsWith('/columnData')));
        } catch {
          setProblems([]);
        }
      });
    }, 200);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [cd, form]);

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (!over) return;
    const a = String(active.id);
    const o = String(over.id);
    if (a.startsWith('field:')) {
      const prop = a.slice(6);
      if (o !== COLUMNS && !o.startsWith('column:')) return;
      const at = o.startsWith('column:') ? cd.columnList.findIndex((c) => c.prop === o.slice(7)) : cd.columnList.length;
      const from = cd.columnList.findIndex((c) => c.prop === prop);
      edit((x) => (from >= 0 ? list.moveColumn(x, from, Math.max(0, Math.min(at, x.columnList.length - 1))) : list.addColumn(x, form, prop, at < 0 ? undefined : at)));
      setSelected({ list: 'columnList', prop });
      return;
    }
    for (const [prefix, key, move] of [
      ['column:', 'columnList', list.moveColumn],
      ['search:', 'searchList', list.moveSearch],
    ] as const) {
      if (!a.startsWith(prefix) || !o.startsWith(prefix)) continue;
      const items = cd[key] as { prop: string }[];
      const from = items.findIndex((c) => c.prop === a.slice(prefix.length));
      const to = items.findIndex((c) => c.prop === o.slice(prefix.length));
      if (from >= 0 && to >= 0 && from !== to) edit((x) => move(x, from, to));
    }
  };

  /** A problem's column or search item (by its place in the list). */
  const problemItem = (p: DefinitionProblem): Selected => {
    const m = /^\/columnData\/(columnList|searchList)\/(\d+)/.exec(p.path);
    if (!m) return null;
    const item = (cd[m[1]] as { prop: string }[])[Number(m[2])];
    return item ? { list: m[1] as 'columnList' | 'searchList', prop: item.prop } : null;
  };
  const wrong = new Set(problems.map(problemItem).filter(Boolean).map((s) => `${s?.list}:${s?.prop}`));

  const dragLabel = dragging ? (fields.find((f) => dragging.endsWith(`:${f.prop}`))?.label ?? '') : '';

  return (
    <div className="qm-list-designer">
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
        <aside className="qm-designer-palette" aria-label={t('listDesigner.fields')}>
          <Typography.Title level={5}>{t('listDesigner.fields')}</Typography.Title>
          {fields.length === 0 && <Empty description={t('listDesigner.noFields')} />}
          <div className="qm-list-fields">
            {fields.map((f) => (
              <FieldItem key={f.prop} prop={f.prop} label={f.label} kind={t(`designer.widgets.${f.jnpfKey}`, { defaultValue: f.jnpfKey })}>
                <Checkbox aria-label={`${t('listDesigner.asColumn')} ${f.label}`} checked={shown.has(f.prop)} onChange={(e) => edit((x) => (e.target.checked ? list.addColumn(x, form, f.prop) : list.removeColumn(x, f.prop)))}>
                  {t('listDesigner.asColumn')}
                </Checkbox>
                {searchable.has(f.prop) && (
                  <Checkbox aria-label={`${t('listDesigner.asSearch')} ${f.label}`} checked={searched.has(f.prop)} onChange={(e) => edit((x) => (e.target.checked ? list.addSearch(x, form, f.prop) : list.removeSearch(x, f.prop)))}>
                    {t('listDesigner.asSearch')}
                  </Checkbox>
                )}
              </FieldItem>
            ))}
          </div>
        </aside>
        <main className="qm-designer-canvas-pane">
          {problems.length > 0 && (
            <Alert
              className="qm-designer-problems qm-list-problems"
              type="warning"
              showIcon
              title={t('listDesigner.problems', { count: problems.length })}
              description={
                <ul>
                  {problems.map((p, i) => {
                    const item = problemItem(p);
                    return (
                      <li key={`${p.path}-${p.key}-${i}`}>
                        {item && (
                          <Button type="link" size="small" onClick={() => setSelected(item)}>
                            {(cd[item.list] as { prop: string; label: string }[]).find((c) => c.prop === item.prop)?.label}
                          </Button>
                        )}
                        {coreText(p)}
                      </li>
                    );
                  })}
                </ul>
              }
            />
          )}
          <div className="qm-designer-canvas qm-list-canvas">
            <Typography.Title level={5}>{t('listDesigner.columns')}</Typography.Title>
            <ColumnsZone empty={t('listDesigner.noColumns')} ids={cd.columnList.map((c) => columnId(c.prop))}>
              {cd.columnList.map((c) => (
                <SortableRow key={c.prop} id={columnId(c.prop)} kind="column" prop={c.prop} selected={selected?.list === 'columnList' && selected.prop === c.prop} wrong={wrong.has(`columnList:${c.prop}`)} onSelect={() => setSelected({ list: 'columnList', prop: c.prop })}>
                  <Input size="small" className="qm-list-label" aria-label={t('listDesigner.label')} value={c.label} onChange={(e) => edit((x) => list.setColumn(x, c.prop, { label: e.target.value }))} />
                  <InputNumber size="small" aria-label={t('listDesigner.width')} placeholder={t('listDesigner.width')} min={40} max={1000} value={c.width} onChange={(v) => edit((x) => list.setColumn(x, c.prop, { width: v == null ? null : Number(v) }))} />
                  <Select<list.Align> size="small" aria-label={t('listDesigner.align')} value={c.align} options={(['left', 'center', 'right'] as const).map((v) => ({ value: v, label: t(`listDesigner.aligns.${v}`) }))} onChange={(v) => edit((x) => list.setColumn(x, c.prop, { align: v }))} style={{ width: 84 }} />
                  <Select<list.Fixed> size="small" aria-label={t('listDesigner.fixed')} value={c.fixed} options={(['none', 'left', 'right'] as const).map((v) => ({ value: v, label: t(`listDesigner.fixeds.${v}`) }))} onChange={(v) => edit((x) => list.setColumn(x, c.prop, { fixed: v }))} style={{ width: 96 }} />
                  <Checkbox checked={c.sortable} onChange={(e) => edit((x) => list.setColumn(x, c.prop, { sortable: e.target.checked }))}>
                    {t('listDesigner.sortable')}
                  </Checkbox>
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${t('designer.remove')} ${c.label}`} onClick={() => edit((x) => list.removeColumn(x, c.prop))} />
                </SortableRow>
              ))}
            </ColumnsZone>
            <Typography.Title level={5}>{t('listDesigner.searches')}</Typography.Title>
            <SortableContext items={cd.searchList.map((s) => searchId(s.prop))} strategy={verticalListSortingStrategy}>
              <div className="qm-designer-list qm-list-searches">
                {cd.searchList.map((s) => (
                  <SortableRow key={s.prop} id={searchId(s.prop)} kind="search" prop={s.prop} selected={selected?.list === 'searchList' && selected.prop === s.prop} wrong={wrong.has(`searchList:${s.prop}`)} onSelect={() => setSelected({ list: 'searchList', prop: s.prop })}>
                    <Input size="small" className="qm-list-label" aria-label={t('listDesigner.label')} value={s.label} onChange={(e) => edit((x) => list.setSearch(x, s.prop, { label: e.target.value }))} />
                    <Select<list.SearchType>
                      size="small"
                      aria-label={t('listDesigner.searchType')}
                      value={s.searchType}
                      disabled={!list.SEARCH_TYPE_CHOICE.has(s.jnpfKey)}
                      options={(list.SEARCH_TYPE_CHOICE.has(s.jnpfKey) ? [1, 2] : [s.searchType]).map((v) => ({ value: v as list.SearchType, label: t(`listDesigner.searchTypes.${v}`) }))}
                      onChange={(v) => edit((x) => list.setSearch(x, s.prop, { searchType: v }))}
                      style={{ width: 110 }}
                    />
                    {list.offersMultiple(s.jnpfKey) && (
                      <Checkbox checked={s.searchMultiple} onChange={(e) => edit((x) => list.setSearch(x, s.prop, { searchMultiple: e.target.checked }))}>
                        {t('listDesigner.searchMultiple')}
                      </Checkbox>
                    )}
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${t('designer.remove')} ${s.label}`} onClick={() => edit((x) => list.removeSearch(x, s.prop))} />
                  </SortableRow>
                ))}
                {!cd.searchList.length && <div className="qm-designer-list-empty">{t('listDesigner.noSearches')}</div>}
              </div>
            </SortableContext>
          </div>
        </main>
        <DragOverlay>{dragging ? <div className="qm-designer-overlay">{dragLabel}</div> : null}</DragOverlay>
      </DndContext>
      <aside className="qm-designer-props" aria-label={t('listDesigner.listProps')}>
        <Tabs items={[{ key: 'list', label: t('listDesigner.listProps'), children: <ListProps cd={cd} form={form} main={main} labels={labels} edit={edit} /> }]} />
      </aside>
    </div>
  );
}

function FieldItem({ prop, label, kind, children }: { prop: string; label: string; kind: string; children: React.ReactNode }) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: fieldId(prop) });
  return (
    <div className="qm-list-field" data-prop={prop}>
      <span ref={setNodeRef} className="qm-list-field-name" {...attributes} {...listeners}>
        <HolderOutlined /> {label} <span className="qm-designer-widget-name">{kind}</span>
      </span>
      <span className="qm-list-field-choices">{children}</span>
    </div>
  );
}

function ColumnsZone({ ids, empty, children }: { ids: string[]; empty: string; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: COLUMNS });
  return (
    <SortableContext items={ids} strategy={verticalListSortingStrategy}>
      <div ref={setNodeRef} className={`qm-designer-list qm-list-columns${isOver ? ' is-over' : ''}`}>
        {children}
        {!ids.length && <div className="qm-designer-list-empty">{empty}</div>}
      </div>
    </SortableContext>
  );
}

function SortableRow({ id, kind, prop, selected, wrong, onSelect, children }: { id: string; kind: string; prop: string; selected: boolean; wrong: boolean; onSelect(): void; children: React.ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}
      className={`qm-designer-widget qm-list-row${selected ? ' is-selected' : ''}${wrong ? ' has-problem' : ''}`}
      data-kind={kind}
      data-prop={prop}
      onClick={onSelect}
    >
      <span className="qm-list-handle" {...attributes} {...listeners}>
        <HolderOutlined />
      </span>
      {children}
    </div>
  );
}

function Prop({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="qm-designer-prop">
      <span className="qm-designer-prop-label">{label}</span>
      {children}
    </div>
  );
}

interface PrintNode {
  value: string;
  title: string;
  children: PrintNode[];
  selectable: boolean;
}

function ListProps({ cd, form, main, labels, edit }: { cd: list.ColumnData; form: FormDefinition; main: list.Candidate[]; labels: Record<string, string>; edit(f: (cd: list.ColumnData) => list.ColumnData): void }) {
  const { t } = useTranslation();
  const set = (key: string) => (value: unknown) => edit((x) => list.set(x, key, value));
  const fieldOptions = (keys?: Set<string>) => main.filter((c) => !keys || keys.has(c.jnpfKey)).map((c) => ({ value: c.prop, label: c.label }));
  const str = (key: string) => (typeof cd[key] === 'string' ? (cd[key] as string) : '');
  const [dictionaries, setDictionaries] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    if (cd.type !== 2 || cd.treeDataSource !== 'dictionary') return;
    let alive = true;
    getDictionaryTypes().then(
      ({ data }) => {
        const flat: { value: string; label: string }[] = [];
        const walk = (nodes: { id: string; fullName: string; children?: unknown }[]) =>
          nodes.forEach((n) => {
            flat.push({ value: n.id, label: n.fullName });
            if (Array.isArray(n.children)) walk(n.children as typeof nodes);
          });
        walk(((data as { list?: unknown })?.list ?? []) as { id: string; fullName: string }[]);
        if (alive) setDictionaries(flat);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [cd.type, cd.treeDataSource]);

  const printing = cd.btnsList.some((b) => b.value === 'batchPrint');
  const [prints, setPrints] = useState<PrintNode[]>([]);
  useEffect(() => {
    if (!printing) return;
    let alive = true;
    type Group = { id: string; fullName: string; children?: Group[] };
    const nodes = (groups: Group[], depth: number): PrintNode[] => groups.map((g) => ({ value: g.id, title: g.fullName, selectable: depth > 0, children: nodes(g.children ?? [], depth + 1) }));
    api.GET('/api/system/printDev/Selector', { params: { query: { type: 2 } } }).then(
      ({ data }) => alive && setPrints(nodes((data?.list ?? []) as Group[], 0)),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [printing]);
  const importing = cd.btnsList.some((b) => b.value === 'upload');
  const template = list.importTemplate(cd) ?? list.defaultImportTemplate(form);
  const everyField = list.candidates(form).map((c) => ({ value: c.prop, label: c.label }));
  const summable = list.summaryCandidates(form).map((c) => ({ value: c.prop, label: c.label }));

  return (
    <div className="qm-designer-prop-list">
      <Prop label={t('listDesigner.type')}>
        <Radio.Group className="qm-list-types" value={cd.type} onChange={(e) => edit((x) => list.setType(x, e.target.value as list.ListType))}>
          {list.LIST_TYPES.map((type) => (
            <Radio key={type} value={type}>
              {t(`listDesigner.types.${type}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Prop>
      {cd.type === 2 && (
        <>
          <Prop label={t('listDesigner.treeTitle')}>
            <Input aria-label={t('listDesigner.treeTitle')} value={str('treeTitle')} onChange={(e) => set('treeTitle')(e.target.value)} />
          </Prop>
          <Prop label={t('listDesigner.treeDataSource')}>
            <Select aria-label={t('listDesigner.treeDataSource')} value={str('treeDataSource')} options={list.TREE_SOURCES.map((v) => ({ value: v, label: t(`listDesigner.treeSources.${v}`) }))} onChange={set('treeDataSource')} />
          </Prop>
          {cd.treeDataSource === 'dictionary' && (
            <Prop label={t('listDesigner.treeDictionary')}>
              <Select aria-label={t('listDesigner.treeDictionary')} showSearch optionFilterProp="label" value={str('treeDictionary') || undefined} options={dictionaries} onChange={set('treeDictionary')} />
            </Prop>
          )}
          {cd.treeDataSource === 'api' && (
            <Prop label={t('listDesigner.treePropsUrl')}>
              <Input aria-label={t('listDesigner.treePropsUrl')} value={str('treePropsUrl')} onChange={(e) => set('treePropsUrl')(e.target.value)} />
            </Prop>
          )}
          {(cd.treeDataSource === 'dictionary' || cd.treeDataSource === 'api') && (
            <Prop label={t('listDesigner.treePropsValue')}>
              <Input aria-label={t('listDesigner.treePropsValue')} value={str('treePropsValue')} onChange={(e) => set('treePropsValue')(e.target.value)} />
            </Prop>
          )}
          <Prop label={t('listDesigner.treeRelation')}>
            <Select aria-label={t('listDesigner.treeRelation')} allowClear value={str('treeRelation') || undefined} options={fieldOptions()} onChange={(v) => set('treeRelation')(v ?? '')} />
          </Prop>
          <Prop label={t('listDesigner.hasTreeQuery')}>
            <Switch checked={cd.hasTreeQuery === true} onChange={set('hasTreeQuery')} />
          </Prop>
        </>
      )}
      {cd.type === 3 && (
        <Prop label={t('listDesigner.groupField')}>
          <Select aria-label={t('listDesigner.groupField')} allowClear value={str('groupField') || undefined} options={fieldOptions()} onChange={(v) => set('groupField')(v ?? '')} />
        </Prop>
      )}
      {cd.type === 5 && (
        <Prop label={t('listDesigner.parentField')}>
          <Select aria-label={t('listDesigner.parentField')} allowClear value={str('parentField') || undefined} options={fieldOptions(new Set(['treeSelect']))} onChange={(v) => set('parentField')(v ?? '')} />
        </Prop>
      )}
      {list.pages(cd.type) && (
        <Prop label={t('listDesigner.hasPage')}>
          <Switch aria-label={t('listDesigner.hasPage')} checked={cd.hasPage} onChange={set('hasPage')} />
          {cd.hasPage && <Select aria-label={t('listDesigner.pageSize')} value={cd.pageSize} options={list.PAGE_SIZES.map((n) => ({ value: n, label: t('listDesigner.perPage', { count: n }) }))} onChange={set('pageSize')} style={{ width: 140 }} />}
        </Prop>
      )}
      {list.sums(cd.type) && (
        <Prop label={t('listDesigner.showSummary')}>
          <Switch aria-label={t('listDesigner.showSummary')} checked={cd.showSummary === true} onChange={set('showSummary')} />
          {cd.showSummary === true && (
            <Select aria-label={t('listDesigner.summaryField')} mode="multiple" value={(cd.summaryField as string[] | undefined) ?? []} options={summable} onChange={set('summaryField')} />
          )}
        </Prop>
      )}
      {list.groupsSubTables(cd.type) && (
        <Prop label={t('listDesigner.childTableStyle')}>
          <Radio.Group value={cd.childTableStyle ?? 1} onChange={(e) => set('childTableStyle')(e.target.value)}>
            <Radio value={1}>{t('listDesigner.childTableStyles.1')}</Radio>
            <Radio value={2}>{t('listDesigner.childTableStyles.2')}</Radio>
          </Radio.Group>
        </Prop>
      )}
      <Prop label={t('listDesigner.hasSuperQuery')}>
        <Switch aria-label={t('listDesigner.hasSuperQuery')} checked={cd.hasSuperQuery !== false} onChange={set('hasSuperQuery')} />
      </Prop>
      <Prop label={t('listDesigner.defaultSort')}>
        <Select aria-label={t('listDesigner.defaultSort')} allowClear placeholder={t('listDesigner.noSort')} value={cd.defaultSidx || undefined} options={fieldOptions()} onChange={(v) => set('defaultSidx')(v ?? '')} />
        <Radio.Group value={cd.sort} onChange={(e) => set('sort')(e.target.value)}>
          <Radio value="asc">{t('listDesigner.asc')}</Radio>
          <Radio value="desc">{t('listDesigner.desc')}</Radio>
        </Radio.Group>
      </Prop>
      <Prop label={t('listDesigner.headerButtons')}>
        <ButtonChoices cd={cd} listKey="btnsList" values={list.headerButtons(cd.type)} labels={labels} edit={edit} />
      </Prop>
      {importing && (
        <Prop label={t('listDesigner.importTemplate')}>
          <Radio.Group value={template.dataType} onChange={(e) => set('uploaderTemplateJson')({ ...template, dataType: e.target.value })}>
            <Radio value="1">{t('listDesigner.importAdd')}</Radio>
            <Radio value="2">{t('listDesigner.importAddUpdate')}</Radio>
          </Radio.Group>
          <Select aria-label={t('listDesigner.importFields')} mode="multiple" value={template.selectKey} options={everyField} onChange={(selectKey: string[]) => set('uploaderTemplateJson')({ ...template, selectKey })} />
        </Prop>
      )}
      {printing && (
        <Prop label={t('listDesigner.printIds')}>
          <TreeSelect
            aria-label={t('listDesigner.printIds')}
            multiple
            treeDefaultExpandAll
            placeholder={t('listDesigner.printIdsNone')}
            value={(cd.printIds as string[] | undefined) ?? []}
            treeData={prints}
            onChange={(v: string[]) => set('printIds')(v)}
          />
        </Prop>
      )}
      <Prop label={t('listDesigner.rowButtons')}>
        <ButtonChoices cd={cd} listKey="columnBtnsList" values={list.ROW_BUTTONS} labels={labels} edit={edit} />
      </Prop>
      <Prop label={t('listDesigner.permissions')}>
        {list.PERMISSIONS.map((key) => (
          <Checkbox key={key} checked={cd[key] === true} onChange={(e) => set(key)(e.target.checked)}>
            {t(`listDesigner.${key}`)}
          </Checkbox>
        ))}
      </Prop>
    </div>
  );
}

function ButtonChoices({ cd, listKey, values, labels, edit }: { cd: list.ColumnData; listKey: 'btnsList' | 'columnBtnsList'; values: readonly string[]; labels: Record<string, string>; edit(f: (cd: list.ColumnData) => list.ColumnData): void }) {
  const { t } = useTranslation();
  return (
    <div className={`qm-list-buttons qm-list-${listKey}`}>
      {values.map((value) => {
        const chosen = cd[listKey].find((b) => b.value === value);
        return (
          <div key={value} className="qm-list-button" data-button={value}>
            <Checkbox checked={!!chosen} onChange={(e) => edit((x) => list.toggleButton(x, listKey, value, e.target.checked, labels))}>
              {labels[value]}
            </Checkbox>
            {chosen && <Input size="small" aria-label={t('listDesigner.buttonLabel', { name: labels[value] })} value={chosen.label} onChange={(e) => edit((x) => list.labelButton(x, listKey, value, e.target.value))} />}
          </div>
        );
      })}
    </div>
  );
}
