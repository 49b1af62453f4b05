/**
 * 组织管理 (spec 02 §7.6, ORG-019, ORG-020; jnpf-wire-areas.md §1.3): companies and departments
 * as one tree table, searched by keyword on the server (Enter), with reset, refresh, expand or
 * collapse all, and the top-level rows in pages of 20/50/100/500 (useList over the tree). 新建
 * (公司 or 部门), 编辑 (the company or the department form, by the row's type) and 删除 only
 * with their buttons (PERM-011); delete and state toggle after confirmation — the server
 * refuses to delete a node with children, users, positions or roles and says why.
 */
import { useState } from 'react';
import { Button, Dropdown, Form, Tag } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deleteOrganize, getOrganizeList, updateCompany, updateDepartment, type OrganizeNode } from '@/api/organize';
import type { Envelope, Page } from '@/api/request';
import { ListPage } from '@/components/ListPage';
import { useConfirm } from '@/components/useConfirm';
import { treeRows, useExpandAll } from '@/components/treeTable';
import { BTN_ADD, useButtons } from '@/hooks/useButtons';
import { useList, type ListQuery } from '@/hooks/useList';
import { invalidateLookups } from '@/widgets/pickers/lookups';
import { CompanyDialog, type CompanyValues } from './CompanyDialog';
import { DepartmentDialog, type DepartmentValues } from './DepartmentDialog';
import '../permission.css';
import { creatorTimeColumn, manageColumns, sortCodeColumn } from '@/components/listColumns';

/** A row of the tree table: a node whose leaves carry no empty `children` (no expand icon). */
export type OrganizeRow = Omit<OrganizeNode, 'children'> & { children?: OrganizeRow[] };

/** The tree by keyword; its top-level rows paged here (the call answers the whole tree). */
async function fetchPage(query: ListQuery): Promise<Envelope<Page<OrganizeRow>>> {
  const res = await getOrganizeList({ keyword: query.keyword });
  const rows = treeRows((res.data.list ?? []) as OrganizeRow[]);
  const start = (query.currentPage - 1) * query.pageSize;
  return {
    ...res,
    data: { list: rows.slice(start, start + query.pageSize), pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: rows.length } },
  };
}

type Target = { kind: 'company' | 'department'; id: string } | null;

export default function OrganizePage() {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const list = useList(fetchPage);
  // Every page arrives opened whole, as the JNPF tree does.
  const tree = useExpandAll(list.list);
  const [target, setTarget] = useState<Target>(null);
  const [companyForm] = Form.useForm<CompanyValues>();
  const [departmentForm] = Form.useForm<DepartmentValues>();

  const saved = () => {
    invalidateLookups('organize');
    list.refresh();
  };

  return (
    <div className="qm-organize-page">
      <ListPage<OrganizeRow>
        list={list}
        actions={
          <>
            {can(BTN_ADD) && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'company', label: t('organize.addCompany') },
                    { key: 'department', label: t('organize.addDepartment') },
                  ],
                  onClick: ({ key }) => setTarget({ kind: key as 'company' | 'department', id: '' }),
                }}
              >
                <Button type="primary" icon={<PlusOutlined />}>
                  {t('manage.add')} <DownOutlined />
                </Button>
              </Dropdown>
            )}
            <Button disabled={!tree.branches.length} onClick={tree.toggleAll}>
              {tree.allOpen ? t('manage.collapseAll') : t('manage.expandAll')}
            </Button>
          </>
        }
        scroll={{ x: 900 }}
        expandable={tree.expandable}
        columns={[
          { key: 'fullName', title: t('organize.name'), dataIndex: 'fullName', width: 260 },
          { key: 'enCode', title: t('organize.code'), dataIndex: 'enCode', width: 160 },
          {
            key: 'type',
            title: t('organize.type'),
            dataIndex: 'type',
            width: 90,
            align: 'center',
            render: (v: string) => (v === 'company' ? <Tag color="blue">{t('organize.company')}</Tag> : <Tag>{t('organize.department')}</Tag>),
          },
          creatorTimeColumn(t),
          sortCodeColumn(t),
          ...manageColumns<OrganizeRow>({
            t,
            confirm,
            can,
            what: t('organize.what'),
            change: (row, enabledMark) => (row.type === 'company' ? updateCompany(row.id, { enabledMark }) : updateDepartment(row.id, { enabledMark })),
            remove: deleteOrganize,
            onEdit: (row) => setTarget({ kind: row.type === 'company' ? 'company' : 'department', id: row.id }),
            done: saved,
            actionsWidth: 120,
          }),
        ]}
      />
      <CompanyDialog
        target={target?.kind === 'company' ? { id: target.id } : null}
        form={companyForm}
        onClose={() => setTarget(null)}
        onSaved={saved}
      />
      <DepartmentDialog
        target={target?.kind === 'department' ? { id: target.id } : null}
        form={departmentForm}
        onClose={() => setTarget(null)}
        onSaved={saved}
      />
    </div>
  );
}
