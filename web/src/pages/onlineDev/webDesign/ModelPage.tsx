/**
 * 功能设计 (menu system.visualDev, address onlineDev/webDesign): the model management page — the
 * definitions, searched by keyword (Enter), paged; 新建 and 编辑 open the form designer
 * (DesignerDialog, btn_add / btn_edit); 从 JSON 新建
 * (pasted or from a JNPF export file), 预览 (/previewModel?id=…, the draft's form to fill and
 * check), 数据 of a released model (/onlineDev/records?id=…, its records), 发布 (under a chosen
 * Web menu when one is picked; a refusal lists every problem at once), 复制 and 删除 after confirmation, each only with its
 * button (btn_add, btn_release, btn_remove).
 */
import { useCallback, useState } from 'react';
import { App, Button, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { copyModel, deleteModel, getModelList, releaseModel, releaseProblemsOf, type ModelRow, type ReleaseProblem } from '@/api/visualdev';
import { ListPage } from '@/components/ListPage';
import { creatorUserColumn, rowActionsColumn, timeColumn } from '@/components/listColumns';
import { RowButton } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, BTN_EDIT, BTN_REMOVE, useButtons } from '@/hooks/useButtons';
import { useList } from '@/hooks/useList';
import { CreateDialog } from './CreateDialog';
import { DesignerDialog } from './DesignerDialog';
import { ReleaseMenu } from './ReleaseMenu';
import { ReleaseProblems } from './ReleaseProblems';

export const BTN_RELEASE = 'btn_release';

export default function ModelPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useButtons();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const list = useList(getModelList);
  const [creating, setCreating] = useState(false);
  /** The designer: '' for a new model, else the id of the one edited; null when closed. */
  const [designing, setDesigning] = useState<string | null>(null);
  const closeDesigner = useCallback(() => setDesigning(null), []);
  const [problems, setProblems] = useState<ReleaseProblem[] | null>(null);
  /** The model whose release was refused (its designer shows core's problems on the widgets). */
  const [refused, setRefused] = useState<string | null>(null);

  const release = (row: ModelRow) => {
    let parent: string | undefined;
    modal.confirm({
      title: t('common.tip'),
      width: 480,
      content: (
        <>
          {t('model.releaseConfirm', { name: row.fullName })}
          <ReleaseMenu onChange={(p) => (parent = p)} />
        </>
      ),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () =>
        releaseModel(row.id, parent).then(
          ({ data }) => {
            void message.success(t('model.releasedOk', { version: data }));
            list.refresh();
          },
          (error: unknown) => {
            setRefused(row.id);
            setProblems(releaseProblemsOf(error));
          },
        ),
    });
  };

  const copy = (row: ModelRow) => confirm.action(t('model.copyConfirm', { name: row.fullName }), () => copyModel(row.id), list.refresh);

  return (
    <div className="qm-model-page">
      <ListPage<ModelRow>
        list={list}
        actions={
          can(BTN_ADD) && (
            <Space>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDesigning('')}>
                {t('designer.create')}
              </Button>
              <Button icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {t('model.createFromJson')}
              </Button>
            </Space>
          )
        }
        scroll={{ x: 1100 }}
        columns={[
          { key: 'fullName', title: t('model.fullName'), dataIndex: 'fullName', width: 180, ellipsis: true },
          { key: 'enCode', title: t('model.enCode'), dataIndex: 'enCode', width: 160 },
          { key: 'webType', title: t('model.webType'), dataIndex: 'webType', width: 110, render: (v: number) => t(`model.webType${v}`, { defaultValue: String(v) }) },
          {
            key: 'state',
            title: t('model.state'),
            width: 120,
            render: (_, row) => (row.isRelease ? <Tag color="green">{t('model.released', { version: row.version })}</Tag> : <Tag>{t('model.draft')}</Tag>),
          },
          creatorUserColumn(t('model.creatorUser'), 140),
          timeColumn('creatorTime', t('model.creatorTime'), 160),
          rowActionsColumn<ModelRow>({
            t,
            confirm,
            width: 260,
            canEdit: can(BTN_EDIT),
            canRemove: can(BTN_REMOVE),
            onEdit: (row) => setDesigning(row.id),
            remove: deleteModel,
            done: list.refresh,
            extra: (row) => (
              <>
                <RowButton text={t('model.preview')} label={row.fullName} onClick={() => navigate(`/previewModel?id=${encodeURIComponent(row.id)}`)} />
                {row.isRelease ? (
                  <RowButton text={t('model.data')} label={row.fullName} onClick={() => navigate(`/onlineDev/records?id=${encodeURIComponent(row.id)}`)} />
                ) : null}
                {can(BTN_RELEASE) && <RowButton text={t('model.release')} label={row.fullName} onClick={() => release(row)} />}
                {can(BTN_ADD) && <RowButton text={t('model.copy')} label={row.fullName} onClick={() => copy(row)} />}
              </>
            ),
          }),
        ]}
      />
      {designing != null && <DesignerDialog id={designing || undefined} onClose={closeDesigner} onSaved={list.refresh} />}
      <CreateDialog open={creating} onClose={() => setCreating(false)} onCreated={list.refresh} />
      <ReleaseProblems
        problems={problems}
        onClose={() => setProblems(null)}
        onDesign={
          can(BTN_EDIT) && refused
            ? () => {
                setProblems(null);
                setDesigning(refused);
              }
            : undefined
        }
      />
    </div>
  );
}
