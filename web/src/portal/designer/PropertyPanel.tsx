/**
 * The designer's right-hand panel (jnpf-wire-engine2.md §2.3): 控件属性 of the selected card —
 * title and its header style, the header's right-hand link (a menu or an external address),
 * where the data comes from (static values as JSON, or a data interface by its id), the
 * card's refresh, the chart style keys of bar, pie, line and radar charts, and the options of
 * the to-do, notice, data board, text, image, video and iframe cards — and 门户属性 (the
 * portal-wide refresh). Each control writes one key of the definition (`onSet(path, value)`).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Checkbox, Empty, Form, Input, InputNumber, Radio, Select, Switch, Tabs, TreeSelect } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getInterfaceList } from '@/api/dataInterface';
import { getMenuTree, type MenuNode } from '@/api/portal';
import { useDictionary } from '@/hooks/useDictionary';
import type { PortalItem, Refresh } from '@/pages/home/portal/definition';
import { cardType, emptyLink } from './palette';

interface Props {
  item: PortalItem | undefined;
  refresh: Refresh;
  onSet(path: string[], value: unknown): void;
  /** Several keys as one edit (a data interface's id with its name). */
  onSetMany(changes: [string[], unknown][]): void;
  onRefresh(refresh: Refresh): void;
}

type Obj = Record<string, unknown>;
const at = (obj: unknown, path: string[]): unknown => path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Obj)[k] : undefined), obj);
const idOf = (path: string[]) => `pd-${path.join('-')}`;

const STYLE_TYPES: Record<string, number[]> = { barChart: [1, 2, 4, 5, 6, 7], pieChart: [1, 2], lineChart: [1, 2, 3, 4], radarChart: [1, 2] };
const WITH_AXES = ['barChart', 'lineChart'];

/** Static data as JSON text: applied when it reads as the card's kind of value. */
function StaticData({ value, onChange, label, array }: { value: unknown; onChange(v: unknown): void; label: string; array: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => JSON.stringify(value ?? (array ? [] : ''), null, 2));
  const [bad, setBad] = useState(false);
  return (
    <Form.Item label={label} htmlFor="pd-static" validateStatus={bad ? 'error' : undefined} help={bad ? t('portalDesign.badData') : t('portalDesign.dataHint')}>
      <Input.TextArea
        id="pd-static"
        rows={8}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          try {
            const parsed: unknown = JSON.parse(e.target.value);
            if (array && !Array.isArray(parsed)) throw new Error('not a list');
            setBad(false);
            onChange(parsed);
          } catch {
            setBad(true);
          }
        }}
      />
    </Form.Item>
  );
}

/**
 * A data interface by name (searched as typed), kept by its id: a card calls its Preview only
 * once one is chosen, never for a half-typed id.
 */
function InterfacePicker({ id, label, value, name, onChange }: { id: string; label?: string; value: string; name: string; onChange(id: string, name: string): void }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [loading, setLoading] = useState(false);
  const search = (keyword: string) => {
    setLoading(true);
    getInterfaceList({ currentPage: 1, pageSize: 50, keyword, categoryId: '' }).then(
      ({ data }) => {
        setOptions(data.list.map((r) => ({ value: r.id, label: r.fullName })));
        setLoading(false);
      },
      () => setLoading(false),
    );
  };
  const shown = value && !options.some((o) => o.value === value) ? [{ value, label: name || value }, ...options] : options;
  return (
    <Select
      id={id}
      aria-label={label}
      allowClear
      showSearch={{ filterOption: false, onSearch: search }}
      loading={loading}
      placeholder={t('picker.placeholder')}
      value={value || undefined}
      options={shown}
      onOpenChange={(open) => open && !options.length && search('')}
      onChange={(v?: string) => onChange(v ?? '', shown.find((o) => o.value === v)?.label ?? '')}
      notFoundContent={loading ? t('common.loading') : t('common.noData')}
    />
  );
}

function menuTree(nodes: MenuNode[]): object[] {
  return nodes.map((n) => ({ value: n.id, title: n.fullName, selectable: n.type !== 1, children: menuTree(n.children ?? []) }));
}

/** The menu a link opens: every enabled menu, loaded when first needed. */
function MenuPicker({ id, category, value, onChange }: { id: string; category: 'Web' | 'App'; value: string; onChange(id: string, node: MenuNode | undefined): void }) {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<MenuNode[]>([]);
  useEffect(() => {
    let alive = true;
    getMenuTree(category).then(
      ({ data }) => alive && setNodes(data?.list ?? []),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [category]);
  const find = (list: MenuNode[], key: string): MenuNode | undefined => list.reduce<MenuNode | undefined>((f, n) => f ?? (n.id === key ? n : find(n.children ?? [], key)), undefined);
  return (
    <TreeSelect
      id={id}
      value={value || undefined}
      treeData={menuTree(nodes)}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      placeholder={t('picker.placeholder')}
      onChange={(v: string) => onChange(v ?? '', find(nodes, v))}
    />
  );
}

export function PropertyPanel({ item, refresh, onSet, onSetMany, onRefresh }: Props) {
  const { t } = useTranslation();
  /** Which side's link keys the panel edits. */
  const [linkSide, setLinkSide] = useState<'pc' | 'app'>('pc');
  /** The to-do card counts flows of these categories (WorkFlowCategory items, by id; none: all). */
  const flowCategories = useDictionary('WorkFlowCategory');
  const portalTab = (
    <Form layout="vertical" component="div" size="small">
      <Form.Item label={t('portalDesign.autoRefresh')} htmlFor="pd-portal-refresh">
        <Switch id="pd-portal-refresh" checked={!!refresh.autoRefresh} onChange={(v) => onRefresh({ ...refresh, autoRefresh: v })} />
      </Form.Item>
      {refresh.autoRefresh && (
        <Form.Item label={t('portalDesign.refreshMinutes')} htmlFor="pd-portal-refresh-time">
          <InputNumber id="pd-portal-refresh-time" min={1} precision={0} value={Number(refresh.autoRefreshTime) || 5} onChange={(v) => onRefresh({ ...refresh, autoRefreshTime: v ?? 5 })} />
        </Form.Item>
      )}
    </Form>
  );

  if (!item) {
    return (
      <Tabs
        items={[
          { key: 'card', label: t('portalDesign.cardProps'), children: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portalDesign.selectFirst')} /> },
          { key: 'portal', label: t('portalDesign.portalProps'), children: portalTab },
        ]}
      />
    );
  }

  const key = item.jnpfKey ?? '';
  const type = cardType(key);
  const get = (path: string[]) => at(item, path);

  const textProp = (label: string, path: string[], extra?: ReactNode) => (
    <Form.Item key={path.join('.')} label={label} htmlFor={idOf(path)} extra={extra}>
      <Input id={idOf(path)} value={String(get(path) ?? '')} onChange={(e) => onSet(path, e.target.value)} />
    </Form.Item>
  );
  const numProp = (label: string, path: string[], min?: number, max?: number) => (
    <Form.Item key={path.join('.')} label={label} htmlFor={idOf(path)}>
      <InputNumber id={idOf(path)} min={min} max={max} value={get(path) === '' || get(path) == null ? null : Number(get(path))} onChange={(v) => onSet(path, v ?? 0)} style={{ width: '100%' }} />
    </Form.Item>
  );
  const boolProp = (label: string, path: string[]) => (
    <Form.Item key={path.join('.')} label={label} htmlFor={idOf(path)}>
      <Switch id={idOf(path)} checked={!!get(path)} onChange={(v) => onSet(path, v)} />
    </Form.Item>
  );
  const choiceProp = (label: string, path: string[], options: { value: string | number; label: string }[]) => (
    <Form.Item key={path.join('.')} label={label} htmlFor={idOf(path)}>
      <Select id={idOf(path)} value={get(path) as string | number | undefined} options={options} onChange={(v) => onSet(path, v)} />
    </Form.Item>
  );
  const colorProp = (label: string, path: string[]) => (
    <Form.Item key={path.join('.')} label={label} htmlFor={idOf(path)}>
      <Input id={idOf(path)} type="color" value={String(get(path) || '#000000')} onChange={(e) => onSet(path, e.target.value)} />
    </Form.Item>
  );

  /** A link's keys under `base` (the header's `card`, a text's or an image's `option`). */
  /** A link's keys under `base` (the header's `card`, a text's or an image's `option`), for the Web or the App (`app…` keys). */
  const linkProps = (base: string[]) => {
    const app = linkSide === 'app';
    const k = (name: string) => [...base, app ? `app${name[0].toUpperCase()}${name.slice(1)}` : name];
    const kind = String(get(k('linkType')) ?? '');
    // The header's link, or the content's (a text's, an image's): told apart by their labels.
    const own = base[0] === 'option';
    return (
      <>
        <Form.Item label={t(own ? 'portalDesign.contentLinkSide' : 'portalDesign.linkSide')} htmlFor={idOf([...base, 'side'])}>
          <Radio.Group
            id={idOf([...base, 'side'])}
            optionType="button"
            size="small"
            value={linkSide}
            onChange={(e) => setLinkSide(e.target.value as 'pc' | 'app')}
            options={[
              { value: 'pc', label: 'Web' },
              { value: 'app', label: 'App' },
            ]}
          />
        </Form.Item>
        {choiceProp(t(own ? 'portalDesign.contentLinkKind' : 'portalDesign.linkKind'), k('linkType'), [
          { value: '', label: t('common.none') },
          { value: '1', label: t('portalDesign.linkMenu') },
          { value: '2', label: t('portalDesign.linkExternal') },
        ])}
        {kind === '1' && (
          <Form.Item label={t(own ? 'portalDesign.contentMenu' : 'portalDesign.menu')} htmlFor={idOf(k('moduleId'))}>
            <MenuPicker
              key={linkSide}
              id={idOf(k('moduleId'))}
              category={app ? 'App' : 'Web'}
              value={String(get(k('moduleId')) ?? '')}
              onChange={(id, node) => onSetMany([[k('moduleId'), id], ...(node ? [[k('type'), node.type] as [string[], unknown]] : [])])}
            />
          </Form.Item>
        )}
        {kind === '2' && textProp(t(own ? 'portalDesign.contentLinkUrl' : 'portalDesign.linkUrl'), k('urlAddress'), t('portalDesign.urlTip'))}
        {kind &&
          !app &&
          choiceProp(t(own ? 'portalDesign.contentLinkTarget' : 'portalDesign.linkTarget'), [...base, 'linkTarget'], [
            { value: '_self', label: t('portalDesign.targetSelf') },
            { value: '_blank', label: t('portalDesign.targetBlank') },
          ])}
      </>
    );
  };

  const dataProps = () => {
    const dynamic = item.dataType === 'dynamic';
    const array = key !== 'text' && key !== 'image' && key !== 'video';
    return (
      <>
        <Form.Item label={t('portalDesign.dataType')} htmlFor="pd-dataType">
          <Radio.Group
            id="pd-dataType"
            value={dynamic ? 'dynamic' : 'static'}
            onChange={(e) => onSet(['dataType'], e.target.value)}
            options={[
              { value: 'static', label: t('portalDesign.dataStatic') },
              { value: 'dynamic', label: t('portalDesign.dataDynamic') },
            ]}
          />
        </Form.Item>
        {dynamic ? (
          <>
            <Form.Item label={t('portalDesign.propsApi')} htmlFor="pd-propsApi" extra={t('portalDesign.propsApiHint')}>
              <InterfacePicker
                id="pd-propsApi"
                value={String(item.propsApi ?? '')}
                name={String(item.propsName ?? '')}
                onChange={(id, name) => onSetMany([[['propsApi'], id], [['propsName'], name]])}
              />
            </Form.Item>
          </>
        ) : key === 'text' || key === 'image' || key === 'video' ? null : (
          <StaticData key={String(item.i)} label={t('portalDesign.staticData')} value={get(['option', 'defaultValue'])} array={array} onChange={(v) => onSet(['option', 'defaultValue'], v)} />
        )}
      </>
    );
  };

  const chartProps = () => {
    const styles = STYLE_TYPES[key];
    if (!styles) return null;
    const o = (k: string) => ['option', k];
    return (
      <>
        {choiceProp(t('portalDesign.styleType'), o('styleType'), styles.map((s) => ({ value: s, label: t(`portalDesign.styles.${key}.${s}`) })))}
        {textProp(t('portalDesign.chartTitle'), o('titleText'))}
        {textProp(t('portalDesign.chartSubtitle'), o('titleSubtext'))}
        {colorProp(t('portalDesign.chartTitleColor'), o('titleTextStyleColor'))}
        {numProp(t('portalDesign.chartTitleSize'), o('titleTextStyleFontSize'), 8, 48)}
        {boolProp(t('portalDesign.bold'), o('titleTextStyleFontWeight'))}
        {choiceProp(t('portalDesign.chartTitleLeft'), o('titleLeft'), ['left', 'center', 'right'].map((v) => ({ value: v, label: t(`portalDesign.align.${v}`) })))}
        {WITH_AXES.includes(key) && (
          <>
            {choiceProp(t('portalDesign.axisCategory'), o('category'), [
              { value: 'category', label: t('portalDesign.axisVertical') },
              { value: 'value', label: t('portalDesign.axisHorizontal') },
            ])}
            {textProp(t('portalDesign.xAxisName'), o('xAxisName'))}
            {boolProp(t('portalDesign.xAxisShow'), o('xAxisShow'))}
            {numProp(t('portalDesign.xAxisRotate'), o('xAxisAxisLabelRotate'), -90, 90)}
            {textProp(t('portalDesign.yAxisName'), o('yAxisName'))}
            {boolProp(t('portalDesign.yAxisShow'), o('yAxisShow'))}
            {boolProp(t('portalDesign.splitLine'), o('yAxisSplitLineShow'))}
          </>
        )}
        {key === 'barChart' && (
          <>
            {numProp(t('portalDesign.barWidth'), o('seriesBarWidth'), 1, 200)}
            {numProp(t('portalDesign.barRadius'), o('seriesItemStyleBarBorderRadius'), 0, 50)}
          </>
        )}
        {key === 'lineChart' && (
          <>
            {boolProp(t('portalDesign.areaStyle'), o('areaStyle'))}
            {numProp(t('portalDesign.lineWidth'), o('seriesLineStyleWidth'), 1, 20)}
            {numProp(t('portalDesign.symbolSize'), o('seriesSymbolRotate'), 0, 30)}
          </>
        )}
        {key === 'pieChart' && (
          <>
            {choiceProp(t('portalDesign.roseType'), o('roseType'), [
              { value: '', label: t('common.none') },
              { value: 'radius', label: t('portalDesign.roseRadius') },
              { value: 'area', label: t('portalDesign.roseArea') },
            ])}
            {choiceProp(t('portalDesign.labelPosition'), o('seriesLabelPosition'), [
              { value: 'outside', label: t('portalDesign.labelOutside') },
              { value: 'inside', label: t('portalDesign.labelInside') },
            ])}
            <Form.Item label={t('portalDesign.labelInfo')}>
              <Checkbox.Group
                value={(get(o('seriesLabelShowInfo')) as string[] | undefined) ?? []}
                onChange={(v) => onSet(o('seriesLabelShowInfo'), v)}
                options={[
                  { value: 'count', label: t('portalDesign.labelCount') },
                  { value: 'percent', label: t('portalDesign.labelPercent') },
                ]}
              />
            </Form.Item>
            {numProp(t('portalDesign.centerLeft'), o('seriesCenterLeft'), 0, 100)}
            {numProp(t('portalDesign.centerTop'), o('seriesCenterTop'), 0, 100)}
          </>
        )}
        {key === 'radarChart' && (
          <>
            {numProp(t('portalDesign.centerLeft'), o('radarCenterLeft'), 0, 100)}
            {numProp(t('portalDesign.centerTop'), o('radarCenterTop'), 0, 100)}
            {numProp(t('portalDesign.areaOpacity'), o('seriesAreaStyleOpacity'), 0, 1)}
          </>
        )}
        {boolProp(t('portalDesign.labelShow'), o('seriesLabelShow'))}
        {numProp(t('portalDesign.labelSize'), o('seriesLabelFontSize'), 8, 40)}
        {boolProp(t('portalDesign.legendShow'), o('legendShow'))}
        {choiceProp(t('portalDesign.legendOrient'), o('legendOrient'), [
          { value: 'horizontal', label: t('portalDesign.horizontal') },
          { value: 'vertical', label: t('portalDesign.vertical') },
        ])}
        {boolProp(t('portalDesign.tooltipShow'), o('tooltipShow'))}
        {numProp(t('portalDesign.gridLeft'), o('gridLeft'), 0, 500)}
        {numProp(t('portalDesign.gridTop'), o('gridTop'), 0, 500)}
        {numProp(t('portalDesign.gridRight'), o('gridRight'), 0, 500)}
        {numProp(t('portalDesign.gridBottom'), o('gridBottom'), 0, 500)}
        <ColorList value={get(o('colorList'))} onChange={(v) => onSet(o('colorList'), v)} />
      </>
    );
  };

  const ownProps = () => {
    const o = (k: string) => ['option', k];
    switch (key) {
      case 'todo':
        return (
          <>
            {numProp(t('portalDesign.rowNumber'), o('rowNumber'), 1, 6)}
            {((get(o('defaultValue')) as Obj[] | undefined) ?? []).map((_, n) => (
              <div key={n}>
                {textProp(t('portalDesign.entryName', { n: n + 1 }), ['option', 'defaultValue', String(n), 'fullName'])}
                <Form.Item label={t('portalDesign.entryCategory', { n: n + 1 })} htmlFor={idOf(['option', 'defaultValue', String(n), 'category'])}>
                  <Select
                    id={idOf(['option', 'defaultValue', String(n), 'category'])}
                    mode="multiple"
                    allowClear
                    placeholder={t('portalDesign.allFlows')}
                    value={(get(['option', 'defaultValue', String(n), 'category']) as string[] | undefined) ?? []}
                    options={flowCategories.map((c) => ({ value: c.id, label: c.fullName }))}
                    onChange={(v: string[]) => onSet(['option', 'defaultValue', String(n), 'category'], v)}
                  />
                </Form.Item>
              </div>
            ))}
          </>
        );
      case 'notice':
        return (
          <>
            {choiceProp(t('portalDesign.noticeStyle'), o('styleType'), [
              { value: 1, label: t('portalDesign.noticeTable') },
              { value: 2, label: t('portalDesign.noticeList') },
            ])}
            {numProp(t('portalDesign.noticeCount'), o('noticeCount'), 1, 50)}
          </>
        );
      case 'dataBoard':
        return <Tiles value={get(o('defaultValue'))} rowNumber={get(o('rowNumber'))} onSet={onSet} />;
      case 'text':
        return (
          <>
            {choiceProp(t('portalDesign.textStyle'), o('styleType'), [
              { value: 1, label: t('portalDesign.textPlain') },
              { value: 2, label: t('portalDesign.textHtml') },
            ])}
            {item.dataType !== 'dynamic' && (
              <Form.Item label={t('portalDesign.textContent')} htmlFor="pd-option-defaultValue">
                <Input.TextArea id="pd-option-defaultValue" rows={4} value={String(get(o('defaultValue')) ?? '')} onChange={(e) => onSet(o('defaultValue'), e.target.value)} />
              </Form.Item>
            )}
            {boolProp(t('portalDesign.textAutoplay'), o('textAutoplay'))}
            {linkProps(['option'])}
          </>
        );
      case 'image':
      case 'video':
        return (
          <>
            {choiceProp(t('portalDesign.sourceType'), o('styleType'), [
              { value: 1, label: t('portalDesign.sourceUpload') },
              { value: 2, label: t('portalDesign.sourceUrl') },
            ])}
            {item.dataType !== 'dynamic' && textProp(t(key === 'image' ? 'portalDesign.imageUrl' : 'portalDesign.videoUrl'), o('defaultValue'))}
            {key === 'image' ? (
              linkProps(['option'])
            ) : (
              <>
                {boolProp(t('portalDesign.videoAutoplay'), o('videoAutoplay'))}
                {boolProp(t('portalDesign.mutePlay'), o('mutePlay'))}
                {choiceProp(t('portalDesign.playNumber'), o('playNumber'), [
                  { value: '1', label: t('portalDesign.playOnce') },
                  { value: '2', label: t('portalDesign.playLoop') },
                ])}
              </>
            )}
          </>
        );
      case 'iframe':
        return textProp(t('portalDesign.linkUrl'), o('defaultValue'), t('portalDesign.urlTip'));
      case 'commonFunc':
        return (
          <>
            {choiceProp(t('portalDesign.funcStyle'), o('styleType'), [
              { value: 1, label: t('portalDesign.funcTop') },
              { value: 2, label: t('portalDesign.funcLeft') },
            ])}
            {numProp(t('portalDesign.rowNumber'), o('rowNumber'), 1, 10)}
            <Shortcuts value={get(o('defaultValue'))} onChange={(v) => onSet(o('defaultValue'), v)} />
          </>
        );
      case 'tableList':
        return numProp(t('portalDesign.tableCount'), o('tableCount'), 1, 100);
      case 'rankList':
        return choiceProp(t('portalDesign.rankStyle'), o('styleType'), [1, 2, 3, 4].map((v) => ({ value: v, label: t(`portalDesign.rankStyles.${v}`) })));
      case 'timeAxis':
        return (
          <>
            {numProp(t('portalDesign.timeLayout'), o('layout'), 1, 8)}
            {choiceProp(t('portalDesign.timeSort'), o('sortable'), [
              { value: 1, label: t('portalDesign.sortAsc') },
              { value: 2, label: t('portalDesign.sortDesc') },
            ])}
            {numProp(t('portalDesign.showNumber'), o('showNumber'), 1, 50)}
          </>
        );
      case 'carousel':
        return numProp(t('portalDesign.carouselInterval'), o('carouselInterval'), 500, 60000);
      case 'schedule':
        return (
          <>
            {choiceProp(t('portalDesign.scheduleView'), ['defaultView'], [
              { value: 'dayGridMonth', label: t('portalDesign.viewMonth') },
              { value: 'timeGridWeek', label: t('portalDesign.viewWeek') },
              { value: 'timeGridDay', label: t('portalDesign.viewDay') },
            ])}
            {choiceProp(t('portalDesign.firstDay'), ['firstDay'], [
              { value: 0, label: t('portalDesign.sunday') },
              { value: 1, label: t('portalDesign.monday') },
            ])}
            {boolProp(t('portalDesign.lunar'), ['showLunarCalendar'])}
          </>
        );
      case 'mapChart':
        return (
          <>
            {choiceProp(t('portalDesign.styleType'), o('styleType'), [1, 2, 3, 4].map((v) => ({ value: v, label: t(`portalDesign.styles.mapChart.${v}`) })))}
            {boolProp(t('portalDesign.drillDown'), o('drillDown'))}
            {numProp(t('portalDesign.visualMapMin'), o('visualMapMin'))}
            {numProp(t('portalDesign.visualMapMax'), o('visualMapMax'))}
          </>
        );
      default:
        return null;
    }
  };

  const cardTab = (
    <Form layout="vertical" component="div" size="small" key={String(item.i)}>
      <Form.Item label={t('portalDesign.cardType')}>
        <Input value={t(`portalDesign.cards.${key}`, { defaultValue: key })} disabled />
      </Form.Item>
      {textProp(t('portalDesign.title'), ['title'])}
      {numProp(t('portalDesign.titleSize'), ['card', 'titleFontSize'], 8, 40)}
      {boolProp(t('portalDesign.bold'), ['card', 'titleFontWeight'])}
      {colorProp(t('portalDesign.titleColor'), ['card', 'titleFontColor'])}
      {choiceProp(t('portalDesign.titleAlign'), ['card', 'titleLeft'], ['left', 'center', 'right'].map((v) => ({ value: v, label: t(`portalDesign.align.${v}`) })))}
      {textProp(t('portalDesign.rightButton'), ['card', 'cardRightBtn'])}
      {get(['card', 'cardRightBtn']) ? linkProps(['card']) : null}
      <Form.Item label={t('portalDesign.visibility')}>
        <Checkbox.Group
          value={(item.visibility as string[] | undefined) ?? []}
          onChange={(v) => onSet(['visibility'], v)}
          options={[
            { value: 'pc', label: 'Web' },
            { value: 'app', label: 'App' },
          ]}
        />
      </Form.Item>
      {type?.data && dataProps()}
      {ownProps()}
      {chartProps()}
      {boolProp(t('portalDesign.cardRefresh'), ['refresh', 'autoRefresh'])}
      {get(['refresh', 'autoRefresh']) ? numProp(t('portalDesign.refreshMinutes'), ['refresh', 'autoRefreshTime'], 1) : null}
    </Form>
  );

  return (
    <Tabs
      items={[
        { key: 'card', label: t('portalDesign.cardProps'), children: cardTab },
        { key: 'portal', label: t('portalDesign.portalProps'), children: portalTab },
      ]}
    />
  );
}

/** colorList: one colour or two (a vertical gradient) per series. */
function ColorList({ value, onChange }: { value: unknown; onChange(v: Obj[]): void }) {
  const { t } = useTranslation();
  const list = Array.isArray(value) ? (value as Obj[]) : [];
  const set = (n: number, k: string, v: string) => onChange(list.map((c, m) => (m === n ? { ...c, [k]: v } : c)));
  return (
    <Form.Item label={t('portalDesign.colors')}>
      {list.map((c, n) => (
        <div key={n} className="qm-pd-color-row">
          <Input type="color" aria-label={t('portalDesign.colorN', { n: n + 1 })} value={String(c.color1 || '#1890ff')} onChange={(e) => set(n, 'color1', e.target.value)} />
          <Input type="color" aria-label={t('portalDesign.gradientN', { n: n + 1 })} value={String(c.color2 || '#ffffff')} onChange={(e) => set(n, 'color2', e.target.value)} />
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('portalDesign.removeColor', { n: n + 1 })} onClick={() => onChange(list.filter((_, m) => m !== n))} />
        </div>
      ))}
      <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...list, { color1: '#1890ff', color2: '' }])}>
        {t('portalDesign.addColor')}
      </Button>
    </Form.Item>
  );
}

/** The data board's tiles: name, unit, a static number or a data interface. */
function Tiles({ value, rowNumber, onSet }: { value: unknown; rowNumber: unknown; onSet(path: string[], v: unknown): void }) {
  const { t } = useTranslation();
  const tiles = Array.isArray(value) ? (value as Obj[]) : [];
  const set = (n: number, k: string, v: unknown) => onSet(['option', 'defaultValue'], tiles.map((c, m) => (m === n ? { ...c, [k]: v } : c)));
  return (
    <>
      <Form.Item label={t('portalDesign.rowNumber')} htmlFor="pd-option-rowNumber">
        <InputNumber id="pd-option-rowNumber" min={1} max={8} value={Number(rowNumber) || 4} onChange={(v) => onSet(['option', 'rowNumber'], v ?? 4)} />
      </Form.Item>
      {tiles.map((tile, n) => (
        <div key={String(tile.id ?? n)} className="qm-pd-tile">
          <Input aria-label={t('portalDesign.tileName', { n: n + 1 })} value={String(tile.fullName ?? '')} onChange={(e) => set(n, 'fullName', e.target.value)} />
          <Input aria-label={t('portalDesign.tileUnit', { n: n + 1 })} value={String(tile.unit ?? '')} onChange={(e) => set(n, 'unit', e.target.value)} />
          <Radio.Group
            value={tile.dataType === 'dynamic' ? 'dynamic' : 'static'}
            onChange={(e) => set(n, 'dataType', e.target.value)}
            options={[
              { value: 'static', label: t('portalDesign.dataStatic') },
              { value: 'dynamic', label: t('portalDesign.dataDynamic') },
            ]}
          />
          {tile.dataType === 'dynamic' ? (
            <InterfacePicker id={`pd-tile-api-${n}`} label={t('portalDesign.tileApi', { n: n + 1 })} value={String(tile.propsApi ?? '')} name={String(tile.propsName ?? '')} onChange={(id) => set(n, 'propsApi', id)} />
          ) : (
            <InputNumber aria-label={t('portalDesign.tileNum', { n: n + 1 })} value={Number(tile.num) || 0} onChange={(v) => set(n, 'num', v ?? 0)} style={{ width: '100%' }} />
          )}
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('portalDesign.removeTile', { n: n + 1 })} onClick={() => onSet(['option', 'defaultValue'], tiles.filter((_, m) => m !== n))} />
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => onSet(['option', 'defaultValue'], [...tiles, { id: `tile${Date.now()}`, fullName: t('portalDesign.newTile'), unit: '', num: 0, dataType: 'static', propsApi: '', icon: '', iconColor: '#1890ff', ...emptyLink() }])}
      >
        {t('portalDesign.addTile')}
      </Button>
    </>
  );
}

/** 常用功能's shortcuts: menus of the Web, each with its name and colour. */
function Shortcuts({ value, onChange }: { value: unknown; onChange(v: Obj[]): void }) {
  const { t } = useTranslation();
  const list = Array.isArray(value) ? (value as Obj[]) : [];
  const set = (n: number, patch: Obj) => onChange(list.map((c, m) => (m === n ? { ...c, ...patch } : c)));
  return (
    <Form.Item label={t('portalDesign.shortcuts')}>
      {list.map((entry, n) => (
        <div key={String(entry.id ?? n)} className="qm-pd-tile">
          <MenuPicker
            id={`pd-shortcut-${n}`}
            category="Web"
            value={String(entry.moduleId ?? '')}
            onChange={(id, node) => set(n, { moduleId: id, linkType: '1', ...(node ? { fullName: node.fullName, type: node.type, icon: node.icon } : {}) })}
          />
          <Input aria-label={t('portalDesign.shortcutName', { n: n + 1 })} value={String(entry.fullName ?? '')} onChange={(e) => set(n, { fullName: e.target.value })} />
          <Input type="color" aria-label={t('portalDesign.shortcutColor', { n: n + 1 })} value={String(entry.iconBgColor || '#1890ff')} onChange={(e) => set(n, { iconBgColor: e.target.value })} />
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('portalDesign.removeShortcut', { n: n + 1 })} onClick={() => onChange(list.filter((_, m) => m !== n))} />
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => onChange([...list, { id: `func${Date.now()}`, fullName: '', moduleId: '', linkType: '1', linkTarget: '_self', urlAddress: '', icon: '', iconBgColor: '#1890ff', type: 2 }])}
      >
        {t('portalDesign.addShortcut')}
      </Button>
    </Form.Item>
  );
}
