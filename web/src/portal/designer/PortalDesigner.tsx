/**
 * The portal designer (issue 31; jnpf-wire-engine2.md §2.1 "Designer", §2.3), over the whole
 * window: the palette of the card types in JNPF's groups on the left (drag a card onto the
 * grid, or click it / Enter to add it below the others), the 12-column grid (react-grid-layout,
 * 40 px rows) where cards are moved and resized, the selected card's properties on the right
 * (PropertyPanel) with the portal's own (auto refresh). 撤销 / 重做 (Ctrl+Z / Ctrl+Y), 预览 (the
 * portal as the home page shows it), 清空 after confirmation, 保存 (the designer's partial save
 * `{id, type, formData}`) and 保存并发布 (save, then 同步门户) — both after the designer's checks,
 * refused with JNPF's messages. Cards are drawn by the runtime's own PortalCard.
 */
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { App, Button, Empty, Modal, Space, Spin, Tooltip, Typography } from 'antd';
import { ClearOutlined, CloseOutlined, CopyOutlined, DeleteOutlined, EyeOutlined, RedoOutlined, SaveOutlined, SendOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { getPortal, updatePortal } from '@/api/portal';
import { FullScreenModal } from '@/components/FullScreenModal';
import { PortalCard } from '@/pages/home/portal/cards';
import { GRID_CONFIG } from '@/pages/home/portal/definition';
import PortalView from '@/pages/home/portal/PortalView';
import { ReleaseDialog, type ReleaseTarget } from '@/pages/onlineDev/visualPortal/ReleaseDialog';
import { checkLayout, type Problem } from './checks';
import { useUndoKeys } from '@/hooks/useUndoKeys';
import * as model from './model';
import { CARD_TYPES, GROUPS, cardType } from './palette';
import { PropertyPanel } from './PropertyPanel';
import './designer.css';

export type DesignTarget = ReleaseTarget;

interface Props {
  target: DesignTarget;
  onClose(): void;
  onSaved(): void;
  /** 保存并发布 is offered with the release button. */
  canRelease: boolean;
}

const DROPPING = '__dropping__';

export function PortalDesigner({ target, onClose, onSaved, canRelease }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [state, setState] = useState<model.DesignState | null>(null);
  const [name, setName] = useState('');
  const [type, setType] = useState(0);
  const [preview, setPreview] = useState(false);
  const [saving, setSaving] = useState(false);
  const [releasing, setReleasing] = useState<ReleaseTarget | null>(null);
  const dragged = useRef<string | null>(null);
  /** The draft as last read or saved: closing with another asks first. */
  const saved = useRef<model.Draft | null>(null);
  const { width, containerRef, mounted } = useContainerWidth();

  useEffect(() => {
    let alive = true;
    void getPortal(target.id).then(
      ({ data }) => {
        if (!alive) return;
        setName(data.fullName);
        setType(data.type);
        const first = model.createState(data.formData);
        saved.current = first.draft;
        setState(first);
      },
      () => alive && onClose(),
    );
    return () => {
      alive = false;
    };
  }, [target.id, onClose]);

  const change = useCallback((edit: (s: model.DesignState) => model.DesignState) => setState((s) => (s ? edit(s) : s)), []);
  const cardName = useCallback((key: string) => t(`portalDesign.cards.${key}`, { defaultValue: key }), [t]);

  useUndoKeys(
    () => change(model.undo),
    () => change(model.redo),
  );

  const problemText = (p: Problem) =>
    p.key === 'required' ? t('portalDesign.check.required', { label: p.label, prop: t(`portalDesign.check.${p.prop}`) }) : t(`portalDesign.check.${p.key}`);

  /** The designer's checks, then the partial save; true when saved. */
  const save = async (): Promise<boolean> => {
    if (!state) return false;
    const problem = checkLayout(state.draft.layout);
    if (problem) {
      void message.error(problemText(problem));
      return false;
    }
    setSaving(true);
    try {
      const res = await updatePortal(target.id, { id: target.id, type, formData: model.writeDraft(state.draft) });
      saved.current = state.draft;
      void message.success(res.msg || t('portalDesign.saved'));
      onSaved();
      return true;
    } catch {
      return false; // the HTTP client said why
    } finally {
      setSaving(false);
    }
  };

  const saveAndRelease = async () => {
    if (await save()) setReleasing({ id: target.id, released: target.released });
  };

  /** 关闭: at once when everything is saved, else after confirmation. */
  const close = () => {
    if (!state || !saved.current || model.writeDraft(state.draft) === model.writeDraft(saved.current)) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('common.tip'),
      content: t('portalDesign.closeUnsaved'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: onClose,
    });
  };

  const clearAll = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('portalDesign.clearConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => change(model.clear),
    });

  const positions = (layout: Layout) => layout.filter((l) => l.i !== DROPPING).map((l) => ({ i: l.i, x: l.x, y: l.y, w: l.w, h: l.h }));

  const onPaletteDrag = (key: string) => (e: DragEvent) => {
    dragged.current = key;
    e.dataTransfer?.setData('text/plain', key);
  };

  const layout: Layout = (state?.draft.layout ?? []).map((it) => ({ i: String(it.i), x: it.x, y: it.y, w: it.w, h: it.h, minW: it.minW, minH: it.minH, maxW: it.maxW, maxH: it.maxH }));
  const selected = state ? model.selectedItem(state) : undefined;
  const draggedType = cardType(dragged.current ?? undefined);

  return (
    <FullScreenModal
      className="qm-portal-designer"
      title={
        <div className="qm-pd-toolbar">
          <Typography.Text strong>{t('portalDesign.designerTitle', { name })}</Typography.Text>
          <Space size={4}>
            <Tooltip title={t('portalDesign.undo')}>
              <Button aria-label={t('portalDesign.undo')} icon={<UndoOutlined />} disabled={!state?.past.length} onClick={() => change(model.undo)} />
            </Tooltip>
            <Tooltip title={t('portalDesign.redo')}>
              <Button aria-label={t('portalDesign.redo')} icon={<RedoOutlined />} disabled={!state?.future.length} onClick={() => change(model.redo)} />
            </Tooltip>
            <Button icon={<EyeOutlined />} disabled={!state} onClick={() => setPreview(true)}>
              {t('portalDesign.preview')}
            </Button>
            <Button icon={<ClearOutlined />} disabled={!state?.draft.layout.length} onClick={clearAll}>
              {t('portalDesign.clear')}
            </Button>
            {canRelease && (
              <Button icon={<SendOutlined />} disabled={!state} loading={saving} onClick={() => void saveAndRelease()}>
                {t('portalDesign.saveAndRelease')}
              </Button>
            )}
            <Button type="primary" icon={<SaveOutlined />} disabled={!state} loading={saving} onClick={() => void save()}>
              {t('common.save')}
            </Button>
            <Button aria-label={t('common.close')} icon={<CloseOutlined />} onClick={close} />
          </Space>
        </div>
      }
      closable={false}
      footer={null}
      onCancel={close}
    >
      {!state ? (
        <Spin />
      ) : (
        <div className="qm-pd-body">
          <aside className="qm-pd-palette" aria-label={t('portalDesign.palette')}>
            {GROUPS.map((group) => (
              <section key={group}>
                <div className="qm-pd-group">{t(`portalDesign.groups.${group}`)}</div>
                <div className="qm-pd-cards">
                  {CARD_TYPES.filter((c) => c.group === group).map((c) => (
                    <button
                      key={c.key}
                      type="button"
                      className="qm-pd-palette-item"
                      draggable
                      data-rgl-draggable
                      onDragStart={onPaletteDrag(c.key)}
                      onDragEnd={() => (dragged.current = null)}
                      onClick={() => change((s) => model.add(s, c.key, cardName(c.key)))}
                    >
                      {cardName(c.key)}
                    </button>
                  ))}
                </div>
              </section>
            ))}
          </aside>
          <main className="qm-pd-canvas" ref={containerRef} data-testid="portal-designer-canvas" onClick={(e) => e.target === e.currentTarget && change((s) => model.select(s, null))}>
            {!state.draft.layout.length && <Empty className="qm-pd-empty" description={t('portalDesign.dropHere')} />}
            {mounted && (
              <ReactGridLayout
                width={width}
                layout={layout}
                gridConfig={GRID_CONFIG}
                dragConfig={{ enabled: true, cancel: '.qm-pd-item-tools' }}
                resizeConfig={{ enabled: true }}
                dropConfig={{
                  enabled: true,
                  defaultItem: { w: draggedType?.w ?? 6, h: draggedType?.h ?? 6 },
                  onDragOver: () => {
                    const type = cardType(dragged.current ?? undefined);
                    return type ? { w: type.w, h: type.h } : false;
                  },
                }}
                droppingItem={{ i: DROPPING, x: 0, y: 0, w: draggedType?.w ?? 6, h: draggedType?.h ?? 6 }}
                onDragStop={(next) => change((s) => model.place(s, positions(next)))}
                onResizeStop={(next) => change((s) => model.place(s, positions(next)))}
                onDrop={(next, item) => {
                  const key = dragged.current;
                  dragged.current = null;
                  if (!key || !item) return;
                  change((s) => model.add(s, key, cardName(key), { x: item.x, y: item.y }, positions(next)));
                }}
              >
                {state.draft.layout.map((it) => {
                  const id = String(it.i);
                  const active = state.selected === id;
                  return (
                    <div key={id} className={`qm-pd-item${active ? ' active' : ''}`} data-testid={`designer-item-${id}`}>
                      <PortalCard item={it} minutes={0} tick={0} />
                      {/* Above the card: a click selects it, the card's own links and frames stay still. */}
                      <div
                        className="qm-pd-item-cover"
                        role="button"
                        tabIndex={0}
                        aria-label={t('portalDesign.selectCard', { name: it.title || it.label || it.jnpfKey })}
                        onClick={() => change((s) => model.select(s, id))}
                        onKeyDown={(e) => e.key === 'Enter' && change((s) => model.select(s, id))}
                      />
                      {active && (
                        <div className="qm-pd-item-tools">
                          <Button size="small" aria-label={t('portalDesign.copyCard')} icon={<CopyOutlined />} onClick={() => change((s) => model.copy(s, id))} />
                          <Button size="small" danger aria-label={t('portalDesign.removeCard')} icon={<DeleteOutlined />} onClick={() => change((s) => model.remove(s, id))} />
                        </div>
                      )}
                    </div>
                  );
                })}
              </ReactGridLayout>
            )}
          </main>
          <aside className="qm-pd-props">
            <PropertyPanel
              item={selected}
              refresh={state.draft.refresh}
              onSet={(path, value) => selected && change((s) => model.update(s, String(selected.i), path, value))}
              onSetMany={(changes) => selected && change((s) => model.updateMany(s, String(selected.i), changes))}
              onRefresh={(refresh) => change((s) => model.setRefresh(s, refresh))}
            />
          </aside>
        </div>
      )}
      <Modal open={preview} title={t('portalDesign.preview')} width="90vw" footer={null} onCancel={() => setPreview(false)} destroyOnHidden className="qm-pd-preview">
        {state && preview && <PortalView portalId={target.id} systemId="" answer={{ type: 0, linkType: 0, customUrl: '', enabledLock: 1, formData: model.writeDraft(state.draft) }} />}
      </Modal>
      <ReleaseDialog target={releasing} onClose={() => setReleasing(null)} onDone={onSaved} />
    </FullScreenModal>
  );
}
