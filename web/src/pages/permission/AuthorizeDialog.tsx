/**
 * 权限授权 (jnpf-wire-areas.md §1.7; the labels of spec 01 §6, PERM-012): what a role may use,
 * in five steps — 菜单权限 (the applications at the top, their menus under them), then the
 * 按钮权限, 列表权限, 表单权限 and 数据权限 of the pages ticked in the first step. Each step is a
 * tree with check boxes, 全选, 展开全部 and 折叠全部; 上一步 and 下一步 move between the steps and
 * 保存 saves from any of them.
 *
 * The trees are the server's answers (POST Authority/Data/{id}/Values): for someone who is not
 * the administrator they hold only what that person may hand out, and the dialog says so. The
 * menu step asks for the applications first (type system) and then for their menus (type
 * module); the later steps ask with the menus ticked in the menu step, again whenever those
 * changed. What a step ticks at first is what the role holds (the answer's `ids`, leaves only);
 * a choice made in a step is kept when its tree is asked for again.
 *
 * 保存 (PUT Authority/Data/{id}) first brings every step up to date with the menus ticked, then
 * sends, as the JNPF client does, the ticked and half-ticked nodes of each tree — the
 * applications as systemIds, the menus as module, and each later tree whole (the server keeps
 * the ids of the right kind). Saving replaces what the role had, of what the caller may hand
 * out; the server keeps the rest.
 */
import { useEffect, useReducer, useRef, useState, type Key } from 'react';
import { Alert, App, Button, Checkbox, Empty, Space, Spin, Steps, Tree, Typography } from 'antd';
import { FormModal } from '@/components/FormModal';
import { useTranslation } from 'react-i18next';
import { getAuthorityValues, saveAuthority, type AuthorityNode, type AuthorityObject } from '@/api/authority';
import { useUser } from '@/stores/user';

export const AUTHORIZE_DIALOG_WIDTH = 700;

/** The steps, in order: the `type` each asks the server for. */
export const AUTHORIZE_STEPS = ['module', 'button', 'column', 'form', 'resource'] as const;
export type AuthorizeStep = (typeof AUTHORIZE_STEPS)[number];

export interface AuthorizeTarget {
  id: string;
  name: string;
  type: AuthorityObject;
}

// ---- trees ------------------------------------------------------------------------------

/** The ids of a tree's leaves (what a check box ticks on its own). */
export function leavesOf(nodes: AuthorityNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (n.children?.length) leavesOf(n.children, out);
    else out.push(n.id);
  }
  return out;
}

function branchesOf(nodes: AuthorityNode[], out: string[] = []): string[] {
  for (const n of nodes)
    if (n.children?.length) {
      out.push(n.id);
      branchesOf(n.children, out);
    }
  return out;
}

/** The ticked and half-ticked nodes of a tree whose ticked leaves are `ticked`, parents first. */
export function tickedWithParents(nodes: AuthorityNode[], ticked: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (list: AuthorityNode[]): boolean => {
    let any = false;
    for (const n of list) {
      const at = out.length;
      const on = n.children?.length ? walk(n.children) : ticked.has(n.id);
      if (on) {
        out.splice(at, 0, n.id);
        any = true;
      }
    }
    return any;
  };
  walk(nodes);
  return out;
}

type TreeData = { key: string; title: string; children: TreeData[] };
const treeData = (nodes: AuthorityNode[]): TreeData[] => nodes.map((n) => ({ key: n.id, title: n.fullName, children: treeData(n.children ?? []) }));

// ---- the dialog's model ------------------------------------------------------------------

interface StepTree {
  /** The moduleIds it was asked with: asked again when they change. */
  asked: string;
  list: AuthorityNode[];
  leaves: string[];
}

interface Model {
  /** The applications (type system), asked once per opening. */
  systems: string[] | null;
  trees: Partial<Record<AuthorizeStep, StepTree>>;
  /** Each step's ticked leaves, also of menus no longer chosen (they come back ticked). */
  ticked: Record<AuthorizeStep, Set<string>>;
  /** Each step's leaves shown so far: their ticks are the user's, not the server's. */
  seen: Record<AuthorizeStep, Set<string>>;
}

const perStep = () => Object.fromEntries(AUTHORIZE_STEPS.map((s) => [s, new Set<string>()])) as Record<AuthorizeStep, Set<string>>;
const freshModel = (): Model => ({ systems: null, trees: {}, ticked: perStep(), seen: perStep() });

export function AuthorizeDialog({ target, onClose }: { target: AuthorizeTarget | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isAdministrator = useUser((s) => Boolean(s.userInfo?.isAdministrator));
  const model = useRef<Model>(freshModel());
  // Each opening is a session: answers for an earlier one are dropped.
  const session = useRef(0);
  const [, redraw] = useReducer((x: number) => x + 1, 0);
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState<'load' | 'save' | null>(null);
  const [expanded, setExpanded] = useState<Partial<Record<AuthorizeStep, Key[]>>>({});
  const id = target?.id ?? null;
  const kind = AUTHORIZE_STEPS[step];

  /** The tree of a step, asked for (again) when the menus it depends on changed. */
  const ensure = async (which: AuthorizeStep, objectId: string, mine: number): Promise<StepTree> => {
    const m = model.current;
    let moduleIds: string[];
    if (which === 'module') {
      if (!m.systems) {
        const { data } = await getAuthorityValues(objectId, 'system', []);
        if (mine !== session.current) throw new Error('closed');
        m.systems = (data?.list ?? []).map((n) => n.id);
      }
      moduleIds = m.systems;
    } else {
      const menus = await ensure('module', objectId, mine);
      const systems = new Set(m.systems ?? []);
      moduleIds = tickedWithParents(menus.list, m.ticked.module).filter((x) => !systems.has(x));
    }
    const asked = moduleIds.join(',');
    const have = m.trees[which];
    if (have && have.asked === asked) return have;
    const { data } = await getAuthorityValues(objectId, which, moduleIds);
    if (mine !== session.current) throw new Error('closed');
    const list = data?.list ?? [];
    const leaves = leavesOf(list);
    const held = new Set(data?.ids ?? []);
    for (const leaf of leaves) {
      if (m.seen[which].has(leaf)) continue;
      m.seen[which].add(leaf);
      if (held.has(leaf)) m.ticked[which].add(leaf);
    }
    const tree = { asked, list, leaves };
    m.trees[which] = tree;
    setExpanded((old) => ({ ...old, [which]: branchesOf(list) })); // opened whole, as JNPF does
    return tree;
  };

  // Opening: a fresh model, the menu step.
  useEffect(() => {
    if (id === null) return;
    const mine = ++session.current;
    model.current = freshModel();
    setStep(0);
    setExpanded({});
    setBusy('load');
    ensure('module', id, mine).then(
      () => mine === session.current && setBusy(null),
      () => {
        // The HTTP client has said why (or the dialog was closed): nothing to show.
        if (mine === session.current) {
          setBusy(null);
          onClose();
        }
      },
    );
    return () => {
      session.current++;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [id]);

  const go = (next: number) => {
    if (id === null) return;
    const mine = session.current;
    setBusy('load');
    ensure(AUTHORIZE_STEPS[next], id, mine).then(
      () => {
        if (mine !== session.current) return;
        setStep(next);
        setBusy(null);
      },
      () => mine === session.current && setBusy(null), // stays on this step
    );
  };

  const save = async () => {
    if (!target) return;
    const mine = session.current;
    setBusy('save');
    try {
      const trees: Partial<Record<AuthorizeStep, StepTree>> = {};
      for (const s of AUTHORIZE_STEPS) trees[s] = await ensure(s, target.id, mine);
      const m = model.current;
      const of = (s: AuthorizeStep) => tickedWithParents(trees[s]!.list, m.ticked[s]);
      const systems = new Set(m.systems ?? []);
      const menus = of('module');
      const res = await saveAuthority(target.id, {
        objectType: target.type,
        systemIds: menus.filter((x) => systems.has(x)),
        module: menus.filter((x) => !systems.has(x)),
        button: of('button'),
        column: of('column'),
        form: of('form'),
        resource: of('resource'),
      });
      if (mine !== session.current) return;
      void message.success(res.msg || t('manage.done'), 1.5);
      setBusy(null);
      onClose();
    } catch {
      // The HTTP client has said why; the choices stay.
      if (mine === session.current) setBusy(null);
    }
  };

  const tree = model.current.trees[kind];
  const leaves = tree?.leaves ?? [];
  const ticked = model.current.ticked[kind];
  const tickedHere = leaves.filter((l) => ticked.has(l));
  const setTicked = (on: (leaf: string) => boolean) => {
    for (const leaf of leaves) {
      if (on(leaf)) ticked.add(leaf);
      else ticked.delete(leaf);
    }
    redraw();
  };
  const last = step === AUTHORIZE_STEPS.length - 1;

  return (
    <FormModal open={target !== null} title={t('authorize.title')} width={AUTHORIZE_DIALOG_WIDTH} className="qm-authorize-dialog"
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="prev" disabled={step === 0 || busy !== null} onClick={() => go(step - 1)}>
          {t('authorize.prev')}
        </Button>,
        <Button key="next" type={last ? 'default' : 'primary'} disabled={last || busy !== null} onClick={() => go(step + 1)}>
          {t('authorize.next')}
        </Button>,
        <Button key="save" type={last ? 'primary' : 'default'} loading={busy === 'save'} disabled={busy === 'load' || !model.current.trees.module} onClick={() => void save()}>
          {t('common.save')}
        </Button>,
      ]}
    >
      <Steps
        size="small"
        current={step}
        className="qm-authorize-steps"
        items={AUTHORIZE_STEPS.map((s) => ({ key: s, title: t(`authorize.steps.${s}`) }))}
      />
      {target && <Typography.Text className="qm-authorize-object">{t('authorize.object', { name: target.name })}</Typography.Text>}
      {!isAdministrator && <Alert type="info" showIcon className="qm-authorize-limited" title={t('authorize.limited')} />}
      <div className="qm-authorize-tools">
        <Checkbox
          checked={leaves.length > 0 && tickedHere.length === leaves.length}
          indeterminate={tickedHere.length > 0 && tickedHere.length < leaves.length}
          disabled={!leaves.length || busy !== null}
          onChange={(e) => setTicked(() => e.target.checked)}
        >
          {t('authorize.checkAll')}
        </Checkbox>
        <Space size={0}>
          <Button type="link" size="small" disabled={!tree} onClick={() => setExpanded((old) => ({ ...old, [kind]: tree ? branchesOf(tree.list) : [] }))}>
            {t('manage.expandAll')}
          </Button>
          <Button type="link" size="small" disabled={!tree} onClick={() => setExpanded((old) => ({ ...old, [kind]: [] }))}>
            {t('manage.collapseAll')}
          </Button>
        </Space>
      </div>
      <div className="qm-authorize-tree" aria-label={t(`authorize.steps.${kind}`)} role="group">
        <Spin spinning={busy !== null}>
          {tree && tree.list.length ? (
            <Tree
              checkable
              selectable={false}
              blockNode
              treeData={treeData(tree.list)}
              checkedKeys={tickedHere}
              expandedKeys={expanded[kind] ?? []}
              onExpand={(keys) => setExpanded((old) => ({ ...old, [kind]: keys }))}
              onCheck={(checked) => {
                const now = new Set((Array.isArray(checked) ? checked : checked.checked).map(String));
                setTicked((leaf) => now.has(leaf));
              }}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tree ? t(`authorize.empty.${kind}`) : t('common.loading')} />
          )}
        </Spin>
      </div>
    </FormModal>
  );
}
