/**
 * 表单设计 (issue 27): the three panes JNPF users know — 组件 (the palette in four groups), the
 * canvas, and the property panel (组件属性 / 表单属性). Drag from the palette onto the canvas or
 * into a container, drag to reorder (dnd-kit); click a palette widget (or Enter on it) to add it
 * to the selected container or the end of the form; click to select; copy/delete on the
 * selected widget; Ctrl+Z / Ctrl+Y; 清空 after confirmation; 预览 with the engine's renderer;
 * the JSON view imports and exports the definition. The model (model.ts) does every edit; the
 * core's checkDefinition says what is wrong with the draft (field names, patterns …).
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Checkbox, Empty, Input, InputNumber, Modal, Radio, Select, Space, Switch, Tabs, Tooltip, Typography } from 'antd';
import { ClearOutlined, CopyOutlined, DeleteOutlined, EyeOutlined, CodeOutlined, PlusOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, closestCenter, pointerWithin, useDraggable, useDroppable, useSensor, useSensors, type CollisionDetection, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { DefinitionProblem, Message } from '@qiming/core';
import { loadCore } from '@/core';
import { coreText } from '@/i18n';
import { FormRenderer, readFormData, useFormEngine, type Field, type FormDefinition } from '@/engine';
import { CONTAINERS, optionKeys } from '@/engine/definition';
import { useUndoKeys } from '@/hooks/useUndoKeys';
import * as model from './model';
import { GROUPS, PALETTE, hasFieldName } from './palette';
import './designer.css';

export interface FormDesignerProps {
  /** The definition to start from (a blank form when absent). */
  initial?: FormDefinition;
  /** The draft, at once and after every change. */
  onChange?(form: FormDefinition): void;
}

const ROOT = 'list:root';
const listId = (parent: number | null) => (parent == null ? ROOT : `list:${parent}`);
const widgetId = (formId: number) => `w:${formId}`;

export function FormDesigner({ initial, onChange }: FormDesignerProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [state, setState] = useState(() => model.createState(initial));
  const [dragging, setDragging] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const [json, setJson] = useState(false);
  const [problems, setProblems] = useState<DefinitionProblem[]>([]);
  useEffect(() => {
    onChange?.(state.form);
  }, [state.form, onChange]);

  // The core's check of the draft (field names, duplicates, patterns), shortly after each change.
  useEffect(() => {
    let alive = true;
    const timer = setTimeout(() => {
      void loadCore().then((core) => {
        if (!alive) return;
        // The form alone (webType 1: no list yet); only the form's problems are the designer's.
        const base = { fullName: 'draft', enCode: 'draft', type: 1, webType: 1, formData: JSON.stringify(state.form) };
        try {
          setProblems(core.checkDefinition(base as never).problems.filter((p) => p.path === '/formData' || p.path.startsWith('/formData/')));
        } catch {
          setProblems([]);
        }
      });
    }, 200);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [state.form]);

  const widgetName = useCallback((key: string) => t(`designer.widgets.${key}`, { defaultValue: key }), [t]);

  /** A palette click: into the selected container when it takes the widget, else at the end of the form. */
  const add = (key: string) =>
    setState((s) => {
      const inside = s.selected != null && model.accepts(s.form, s.selected, key) ? s.selected : null;
      const list = inside == null ? s.form.fields : (model.findWidget(s.form, inside)?.__config__.children ?? []);
      return model.insert(s, key, widgetName(key), { parent: inside, index: list.length });
    });

  const clearAll = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('designer.clearConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => setState((s) => model.clear(s)),
    });

  useUndoKeys(
    () => setState((s) => model.undo(s)),
    () => setState((s) => model.redo(s)),
  );

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const over = e.over ? String(e.over.id) : null;
    if (!over) return;
    const active = String(e.active.id);
    setState((s) => {
      const target = dropTarget(s.form, over);
      if (!target) return s;
      if (active.startsWith('palette:')) {
        const key = active.slice('palette:'.length);
        return model.insert(s, key, widgetName(key), target);
      }
      const formId = Number(active.slice(2));
      if (over === widgetId(formId)) return s;
      // Dropped on a later sibling: it takes that sibling's place (after it).
      const from = model.placeOf(s.form, formId);
      const index = from && from.parent === target.parent && from.index < target.index ? target.index + 1 : target.index;
      return model.move(s, formId, { ...target, index });
    });
  };

  const selected = model.findWidget(state.form, state.selected);
  const wrong = useMemo(() => new Set(problems.map((p) => Number(model.widgetAt(state.form, p.path)?.__config__.formId))), [problems, state.form]);

  return (
    <div className="qm-designer">
      <DndContext sensors={sensors} collisionDetection={innermost} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
        <aside className="qm-designer-palette" aria-label={t('designer.palette')}>
          {GROUPS.map((group) => (
            <section key={group}>
              <Typography.Title level={5}>{t(`designer.groups.${group}`)}</Typography.Title>
              <div className="qm-designer-palette-items">
                {PALETTE[group].map((key) => (
                  <PaletteItem key={key} id={key} name={widgetName(key)} onAdd={() => add(key)} />
                ))}
              </div>
            </section>
          ))}
        </aside>
        <main className="qm-designer-canvas-pane">
          <Space className="qm-designer-toolbar" wrap>
            <Tooltip title="Ctrl+Z">
              <Button icon={<UndoOutlined />} disabled={!model.canUndo(state)} onClick={() => setState((s) => model.undo(s))}>
                {t('designer.undo')}
              </Button>
            </Tooltip>
            <Tooltip title="Ctrl+Y">
              <Button icon={<RedoOutlined />} disabled={!model.canRedo(state)} onClick={() => setState((s) => model.redo(s))}>
                {t('designer.redo')}
              </Button>
            </Tooltip>
            <Button icon={<ClearOutlined />} danger disabled={!state.form.fields.length} onClick={clearAll}>
              {t('designer.clear')}
            </Button>
            <Button icon={<EyeOutlined />} onClick={() => setPreview(true)}>
              {t('designer.preview')}
            </Button>
            <Button icon={<CodeOutlined />} onClick={() => setJson(true)}>
              {t('designer.json')}
            </Button>
          </Space>
          {problems.length > 0 && (
            <Alert
              className="qm-designer-problems"
              type="warning"
              showIcon
              title={t('designer.problems', { count: problems.length })}
              description={
                <ul>
                  {problems.map((p, i) => {
                    const widget = model.widgetAt(state.form, p.path);
                    return (
                      <li key={`${p.path}-${p.key}-${i}`}>
                        {widget ? (
                          <Button type="link" size="small" onClick={() => setState((s) => model.select(s, Number(widget.__config__.formId)))}>
                            {labelOf(widget, widgetName)}
                          </Button>
                        ) : null}
                        {coreText(p)}
                      </li>
                    );
                  })}
                </ul>
              }
            />
          )}
          <div className="qm-designer-canvas" role="region" aria-label={t('designer.canvas')} onClick={() => setState((s) => model.select(s, null))}>
            <DropList parent={null} fields={state.form.fields} empty={t('designer.emptyCanvas')}>
              {(field) => (
                <CanvasWidget
                  key={field.__config__.formId}
                  field={field}
                  state={state}
                  wrong={wrong}
                  name={widgetName}
                  onSelect={(id) => setState((s) => model.select(s, id))}
                  onCopy={(id) => setState((s) => model.copy(s, id))}
                  onRemove={(id) => setState((s) => model.remove(s, id))}
                />
              )}
            </DropList>
          </div>
        </main>
        <DragOverlay>{dragging ? <div className="qm-designer-overlay">{dragging.startsWith('palette:') ? widgetName(dragging.slice(8)) : labelOf(model.findWidget(state.form, Number(dragging.slice(2))), widgetName)}</div> : null}</DragOverlay>
      </DndContext>
      <aside className="qm-designer-props" aria-label={t('designer.properties')}>
        <Tabs
          items={[
            {
              key: 'widget',
              label: t('designer.widgetProps'),
              children: selected ? (
                <WidgetProps
                  field={selected}
                  problems={problems}
                  onSet={(path, value) => setState((s) => model.update(s, Number(selected.__config__.formId), path, value))}
                  parts={{
                    set: (formId, path, value) => setState((s) => model.update(s, formId, path, value)),
                    add: (title) => setState((s) => model.addPart(s, Number(selected.__config__.formId), title)),
                    remove: (formId) => setState((s) => model.removePart(s, formId)),
                  }}
                />
              ) : (
                <Empty description={t('designer.noSelection')} />
              ),
            },
            { key: 'form', label: t('designer.formProps'), children: <FormProps form={state.form} onSet={(path, value) => setState((s) => model.updateForm(s, path, value))} /> },
          ]}
        />
      </aside>
      {preview && <PreviewDialog form={state.form} onClose={() => setPreview(false)} />}
      {json && <JsonDialog form={state.form} onClose={() => setJson(false)} onImport={(form) => setState((s) => model.replace(s, form))} />}
    </div>
  );
}

/**
 * What the pointer is over, the innermost first (a widget inside a container before the
 * container's list, that list before the form's); away from every zone, the nearest.
 */
const innermost: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (!within.length) return closestCenter(args);
  const area = (id: string | number) => {
    const r = args.droppableRects.get(id);
    return r ? r.width * r.height : Infinity;
  };
  return [...within].sort((a, b) => area(a.id) - area(b.id));
};

/** A drop on a widget: its place; on a container's list: the end of it. */
function dropTarget(form: FormDefinition, over: string): model.Target | null {
  if (over.startsWith('w:')) return model.placeOf(form, Number(over.slice(2)));
  if (over === ROOT) return { parent: null, index: form.fields.length };
  if (over.startsWith('list:')) {
    const parent = Number(over.slice(5));
    return { parent, index: model.findWidget(form, parent)?.__config__.children?.length ?? 0 };
  }
  return null;
}

function labelOf(field: Field | null, name: (key: string) => string): string {
  if (!field) return '';
  const c = field.__config__;
  return String(c.label || field.title || field.content || field.header || name(c.jnpfKey));
}

function PaletteItem({ id, name, onAdd }: { id: string; name: string; onAdd(): void }) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: `palette:${id}` });
  return (
    <button type="button" ref={setNodeRef} className="qm-designer-palette-item" data-widget={id} {...attributes} {...listeners} onClick={onAdd} onKeyDown={(e) => e.key === 'Enter' && onAdd()}>
      <PlusOutlined /> {name}
    </button>
  );
}

/** A container's children (or the form's fields): sortable, and a drop zone for the end of it. */
function DropList({ parent, fields, empty, children }: { parent: number | null; fields: Field[]; empty?: string; children(field: Field): ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: listId(parent) });
  const ids = fields.map((f) => widgetId(Number(f.__config__.formId)));
  return (
    <SortableContext items={ids} strategy={verticalListSortingStrategy}>
      <div ref={setNodeRef} className={`qm-designer-list${isOver ? ' is-over' : ''}`} data-list={parent ?? 'root'}>
        {fields.map((f) => children(f))}
        {!fields.length && <div className="qm-designer-list-empty">{empty}</div>}
      </div>
    </SortableContext>
  );
}

interface CanvasWidgetProps {
  field: Field;
  state: model.DesignerState;
  /** The widgets core's check has a problem with. */
  wrong: Set<number>;
  name(key: string): string;
  onSelect(formId: number): void;
  onCopy(formId: number): void;
  onRemove(formId: number): void;
}

function CanvasWidget(props: CanvasWidgetProps) {
  const { field, state, wrong: withProblems, name, onSelect, onCopy, onRemove } = props;
  const { t } = useTranslation();
  const formId = Number(field.__config__.formId);
  const key = field.__config__.jnpfKey;
  const part = ['tabItem', 'collapseItem', 'tableGridTr', 'tableGridTd'].includes(key);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: widgetId(formId), disabled: part });
  const selected = state.selected === formId;
  const wrong = withProblems.has(formId);
  const children = field.__config__.children;
  const holds = Array.isArray(children);
  const label = labelOf(field, name);
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}
      className={`qm-designer-widget${selected ? ' is-selected' : ''}${wrong ? ' has-problem' : ''}${holds ? ' is-container' : ''}`}
      data-widget={key}
      data-form-id={formId}
      aria-selected={selected}
      onClick={(e) => {
        e.stopPropagation();
        onSelect(formId);
      }}
      {...attributes}
      {...listeners}
      role="option"
      aria-label={label}
    >
      <div className="qm-designer-widget-head">
        {field.__config__.required ? <span className="qm-designer-required">*</span> : null}
        <span className="qm-designer-widget-label">{label}</span>
        {!holds && field.__vModel__ ? <span className="qm-designer-widget-name">{field.__vModel__}</span> : null}
        {selected && !part && (
          <span className="qm-designer-widget-actions">
            <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('designer.copy')} onClick={(e) => (e.stopPropagation(), onCopy(formId))} />
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('designer.remove')} onClick={(e) => (e.stopPropagation(), onRemove(formId))} />
          </span>
        )}
      </div>
      {holds ? (
        ['tab', 'collapse', 'tableGrid', 'tableGridTr'].includes(key) ? (
          <div className={`qm-designer-parts qm-designer-parts-${key}`}>
            {children.map((child) => (
              <CanvasWidget key={child.__config__.formId} {...props} field={child} />
            ))}
          </div>
        ) : (
          <DropList parent={formId} fields={children} empty={t('designer.dropHere')}>
            {(child) => <CanvasWidget key={child.__config__.formId} {...props} field={child} />}
          </DropList>
        )
      ) : !CONTAINERS.has(key) && hasFieldName(key) ? (
        <div className="qm-designer-widget-body">{typeof field.placeholder === 'string' ? field.placeholder : ''}</div>
      ) : null}
    </div>
  );
}

type SetProp = (path: string[], value: unknown) => void;

type Limit = { path: string[]; label: string; kind: 'number' | 'text' };
/** Limits of a kind, each a property of the widget named as it is stored. */
const limits = (kind: Limit['kind'], ...names: string[]): Limit[] => names.map((name) => ({ path: [name], label: name, kind }));

const LIMITS: Record<string, Limit[]> = {
  comInput: limits('number', 'maxlength'),
  textarea: limits('number', 'maxlength'),
  numInput: limits('number', 'min', 'max', 'precision'),
  JNPFAmount: limits('number', 'precision'),
  calculate: limits('number', 'precision'),
  rate: limits('number', 'max'),
  slider: limits('number', 'min', 'max', 'step'),
  date: limits('text', 'format'),
  time: limits('text', 'format'),
  uploadFz: [...limits('number', 'limit', 'fileSize'), ...limits('text', 'accept')],
  uploadImg: limits('number', 'limit', 'fileSize'),
};

/** Edits of a tab's panes or a collapse's panels. */
interface PartEdits {
  set(formId: number, path: string[], value: unknown): void;
  add(title: string): void;
  remove(formId: number): void;
}

/** 组件属性: the selected widget's common properties and the limits of its kind. */
function WidgetProps({ field, problems, onSet, parts }: { field: Field; problems: DefinitionProblem[]; onSet: SetProp; parts: PartEdits }) {
  const { t } = useTranslation();
  const c = field.__config__;
  const key = c.jnpfKey;
  const valued = hasFieldName(key);
  const nameProblems = field.__vModel__ ? problems.filter((p) => p.field === field.__vModel__) : [];
  const regList = Array.isArray(c.regList) ? c.regList : [];
  const [patternMessages, setPatternMessages] = useState<(Message | null)[]>([]);
  useEffect(() => {
    let alive = true;
    void loadCore().then((core) => alive && setPatternMessages(regList.map((r) => (r.pattern ? core.checkPattern(r.pattern) : null))));
    return () => {
      alive = false;
    };
  }, [regList]);
  const row = (label: string, control: ReactNode, extra?: ReactNode) => (
    <label key={label} className="qm-designer-prop">
      <span className="qm-designer-prop-label">{label}</span>
      {control}
      {extra}
    </label>
  );
  const scalarDefault = c.defaultValue == null || typeof c.defaultValue === 'string' || typeof c.defaultValue === 'number';
  return (
    <div className="qm-designer-prop-list" data-props-for={key}>
      <div className="qm-designer-prop-kind">{t(`designer.widgets.${key}`, { defaultValue: key })}</div>
      {valued &&
        row(
          t('designer.prop.fieldName'),
          <Input aria-label={t('designer.prop.fieldName')} value={field.__vModel__ ?? ''} status={nameProblems.length ? 'error' : undefined} onChange={(e) => onSet(['__vModel__'], e.target.value)} />,
          nameProblems.map((p) => (
            <div key={p.key + p.path} className="qm-designer-prop-error" role="alert">
              {coreText(p)}
            </div>
          )),
        )}
      {'label' in c && row(t('designer.prop.label'), <Input aria-label={t('designer.prop.label')} value={String(c.label ?? '')} onChange={(e) => onSet(['__config__', 'label'], e.target.value)} />)}
      {typeof field.title === 'string' && row(t('designer.prop.title'), <Input aria-label={t('designer.prop.title')} value={field.title} onChange={(e) => onSet(['title'], e.target.value)} />)}
      {typeof field.content === 'string' && row(t('designer.prop.content'), <Input aria-label={t('designer.prop.content')} value={field.content} onChange={(e) => onSet(['content'], e.target.value)} />)}
      {typeof field.header === 'string' && row(t('designer.prop.title'), <Input aria-label={t('designer.prop.title')} value={field.header} onChange={(e) => onSet(['header'], e.target.value)} />)}
      {'placeholder' in field && row(t('designer.prop.placeholder'), <Input aria-label={t('designer.prop.placeholder')} value={String(field.placeholder ?? '')} onChange={(e) => onSet(['placeholder'], e.target.value)} />)}
      {valued && scalarDefault && key !== 'table' && row(t('designer.prop.defaultValue'), <Input aria-label={t('designer.prop.defaultValue')} value={c.defaultValue == null ? '' : String(c.defaultValue)} onChange={(e) => onSet(['__config__', 'defaultValue'], e.target.value === '' ? null : typeof c.defaultValue === 'number' && !Number.isNaN(Number(e.target.value)) ? Number(e.target.value) : e.target.value)} />)}
      {row(t('designer.prop.span'), <InputNumber aria-label={t('designer.prop.span')} min={1} max={24} value={Number(c.span ?? 24)} onChange={(v) => onSet(['__config__', 'span'], v ?? 24)} />)}
      {'required' in c && row(t('designer.prop.required'), <Switch aria-label={t('designer.prop.required')} checked={c.required === true} onChange={(v) => onSet(['__config__', 'required'], v)} />)}
      {'readonly' in field && row(t('designer.prop.readonly'), <Switch aria-label={t('designer.prop.readonly')} checked={field.readonly === true} onChange={(v) => onSet(['readonly'], v)} />)}
      {'disabled' in field && row(t('designer.prop.disabled'), <Switch aria-label={t('designer.prop.disabled')} checked={field.disabled === true} onChange={(v) => onSet(['disabled'], v)} />)}
      {(LIMITS[key] ?? []).map((limit) =>
        row(
          t(`designer.prop.${limit.label}`),
          limit.kind === 'number' ? (
            <InputNumber aria-label={t(`designer.prop.${limit.label}`)} value={typeof field[limit.path[0]] === 'number' ? (field[limit.path[0]] as number) : null} onChange={(v) => onSet(limit.path, v ?? null)} />
          ) : (
            <Input aria-label={t(`designer.prop.${limit.label}`)} value={String(field[limit.path[0]] ?? '')} onChange={(e) => onSet(limit.path, e.target.value)} />
          ),
        ),
      )}
      {'noShow' in c && row(t('designer.prop.noShow'), <Switch aria-label={t('designer.prop.noShow')} checked={c.noShow === true} onChange={(v) => onSet(['__config__', 'noShow'], v)} />)}
      {Array.isArray(c.visibility) &&
        row(
          t('designer.prop.visibility'),
          <Checkbox.Group aria-label={t('designer.prop.visibility')} value={c.visibility} onChange={(v) => onSet(['__config__', 'visibility'], v)} options={[{ value: 'pc', label: 'PC' }, { value: 'app', label: 'APP' }]} />,
        )}
      {key === 'userSelect' && row(t('designer.prop.hasSys'), <Switch aria-label={t('designer.prop.hasSys')} checked={field.hasSys === true} onChange={(v) => onSet(['hasSys'], v)} />)}
      {Array.isArray(field.options) && c.dataType === 'static' && !['cascader', 'treeSelect'].includes(key) && <OptionsEditor field={field} onSet={onSet} />}
      {(key === 'tab' || key === 'collapse') && (
        <div className="qm-designer-prop">
          <span className="qm-designer-prop-label">{t(key === 'tab' ? 'designer.prop.panes' : 'designer.prop.panels')}</span>
          {(c.children ?? []).map((pane, i) => (
            <div key={String(pane.__config__.formId)} className="qm-designer-reg">
              <Input aria-label={`${t('designer.prop.title')} ${i + 1}`} value={String(pane.title ?? '')} onChange={(e) => parts.set(Number(pane.__config__.formId), ['title'], e.target.value)} />
              <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={(c.children ?? []).length < 2} aria-label={`${t('designer.remove')} ${i + 1}`} onClick={() => parts.remove(Number(pane.__config__.formId))} />
            </div>
          ))}
          <Button size="small" icon={<PlusOutlined />} onClick={() => parts.add(key === 'tab' ? `Tab ${(c.children ?? []).length + 1}` : `${t('designer.widgets.collapseItem')}${(c.children ?? []).length + 1}`)}>
            {t(key === 'tab' ? 'designer.prop.addPane' : 'designer.prop.addPanel')}
          </Button>
        </div>
      )}
      {valued && 'regList' in c && (
        <div className="qm-designer-prop">
          <span className="qm-designer-prop-label">{t('designer.prop.regList')}</span>
          {regList.map((rule, i) => (
            <div key={i} className="qm-designer-reg">
              <Input aria-label={`${t('designer.prop.pattern')} ${i + 1}`} placeholder="/^\d+$/" value={rule.pattern} status={patternMessages[i] ? 'error' : undefined} onChange={(e) => onSet(['__config__', 'regList', String(i), 'pattern'], e.target.value)} />
              <Input aria-label={`${t('designer.prop.message')} ${i + 1}`} placeholder={t('designer.prop.message')} value={rule.message} onChange={(e) => onSet(['__config__', 'regList', String(i), 'message'], e.target.value)} />
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${t('designer.remove')} ${i + 1}`} onClick={() => onSet(['__config__', 'regList'], regList.filter((_, j) => j !== i))} />
              {patternMessages[i] && <div className="qm-designer-prop-error">{coreText(patternMessages[i]!)}</div>}
            </div>
          ))}
          <Button size="small" icon={<PlusOutlined />} onClick={() => onSet(['__config__', 'regList'], [...regList, { pattern: '', message: '' }])}>
            {t('designer.prop.addRule')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** A static option list (props.props names the label and value keys, as the engine reads them). */
function OptionsEditor({ field, onSet }: { field: Field; onSet: SetProp }) {
  const { t } = useTranslation();
  const keys = optionKeys(field);
  const options = (field.options as Record<string, unknown>[]) ?? [];
  return (
    <div className="qm-designer-prop">
      <span className="qm-designer-prop-label">{t('designer.prop.options')}</span>
      {options.map((option, i) => (
        <div key={i} className="qm-designer-reg">
          <Input aria-label={`${t('designer.prop.optionLabel')} ${i + 1}`} value={String(option[keys.label] ?? '')} onChange={(e) => onSet(['options', String(i), keys.label], e.target.value)} />
          <Input aria-label={`${t('designer.prop.optionValue')} ${i + 1}`} value={String(option[keys.value] ?? '')} onChange={(e) => onSet(['options', String(i), keys.value], e.target.value)} />
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${t('designer.remove')} ${t('designer.prop.optionLabel')} ${i + 1}`} onClick={() => onSet(['options'], options.filter((_, j) => j !== i))} />
        </div>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onSet(['options'], [...options, { [keys.label]: `${t('designer.prop.option')}${options.length + 1}`, [keys.value]: String(options.length + 1) }])}>
        {t('designer.prop.addOption')}
      </Button>
    </div>
  );
}

/** 表单属性: the form's own settings. */
function FormProps({ form, onSet }: { form: FormDefinition; onSet: SetProp }) {
  const { t } = useTranslation();
  const row = (label: string, control: ReactNode) => (
    <label className="qm-designer-prop">
      <span className="qm-designer-prop-label">{label}</span>
      {control}
    </label>
  );
  const text = (key: string) => row(t(`designer.form.${key}`), <Input aria-label={t(`designer.form.${key}`)} value={String(form[key] ?? '')} onChange={(e) => onSet([key], e.target.value)} />);
  return (
    <div className="qm-designer-prop-list" data-props-for="form">
      {row(t('designer.form.labelWidth'), <InputNumber aria-label={t('designer.form.labelWidth')} min={0} value={Number(form.labelWidth ?? 100)} onChange={(v) => onSet(['labelWidth'], v ?? 100)} />)}
      {row(
        t('designer.form.labelPosition'),
        <Radio.Group optionType="button" value={form.labelPosition ?? 'right'} onChange={(e) => onSet(['labelPosition'], e.target.value)} options={['left', 'right', 'top'].map((v) => ({ value: v, label: t(`designer.form.position.${v}`) }))} />,
      )}
      {row(
        t('designer.form.size'),
        <Select aria-label={t('designer.form.size')} value={String(form.size ?? 'small')} onChange={(v) => onSet(['size'], v)} options={['medium', 'small', 'mini'].map((v) => ({ value: v, label: t(`designer.form.sizes.${v}`) }))} />,
      )}
      {row(
        t('designer.form.popupType'),
        <Select aria-label={t('designer.form.popupType')} value={String(form.popupType ?? 'general')} onChange={(v) => onSet(['popupType'], v)} options={[{ value: 'general', label: t('model.popupGeneral') }, { value: 'fullScreen', label: t('model.popupFullScreen') }, { value: 'drawer', label: t('model.popupDrawer') }]} />,
      )}
      {form.popupType === 'drawer' ? text('drawerWidth') : form.popupType === 'fullScreen' ? text('fullScreenWidth') : text('generalWidth')}
      {row(t('designer.form.hasConfirmBtn'), <Switch aria-label={t('designer.form.hasConfirmBtn')} checked={form.hasConfirmBtn !== false} onChange={(v) => onSet(['hasConfirmBtn'], v)} />)}
      {text('confirmButtonText')}
      {row(t('designer.form.hasCancelBtn'), <Switch aria-label={t('designer.form.hasCancelBtn')} checked={form.hasCancelBtn !== false} onChange={(v) => onSet(['hasCancelBtn'], v)} />)}
      {text('cancelButtonText')}
    </div>
  );
}

function PreviewDialog({ form, onClose }: { form: FormDefinition; onClose(): void }) {
  const { t } = useTranslation();
  const snapshot = useMemo(() => form, [form]);
  const engine = useFormEngine(snapshot);
  return (
    <Modal open title={t('designer.preview')} width={String(form.generalWidth ?? '') || 800} onCancel={onClose} footer={<Button onClick={() => void engine.validate()}>{t('model.validate')}</Button>}>
      <FormRenderer engine={engine} />
    </Modal>
  );
}

function JsonDialog({ form, onClose, onImport }: { form: FormDefinition; onClose(): void; onImport(form: FormDefinition): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => JSON.stringify(form, null, 2));
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      setError(t('model.jsonInvalid', { reason: e instanceof Error ? e.message : String(e) }));
      return;
    }
    const read = parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Array.isArray((parsed as FormDefinition).fields) ? readFormData(parsed) : null;
    if (!read) {
      setError(t('designer.jsonNotForm'));
      return;
    }
    onImport(read);
    onClose();
  };
  return (
    <Modal open title={t('designer.json')} width={760} onCancel={onClose} onOk={apply} okText={t('designer.jsonImport')} cancelText={t('common.cancel')}>
      <Input.TextArea aria-label={t('designer.json')} rows={18} value={text} onChange={(e) => (setText(e.target.value), setError(null))} />
      {error && <Alert type="error" title={error} style={{ marginTop: 8 }} />}
      <Button style={{ marginTop: 8 }} onClick={() => void navigator.clipboard?.writeText(text)}>
        {t('designer.jsonCopy')}
      </Button>
    </Modal>
  );
}
