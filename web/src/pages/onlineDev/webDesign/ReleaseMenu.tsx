/**
 * 发布's 上级菜单 (jnpf-wire-engine.md §6): the Web directory the model's function menu is made
 * (or moved) under — none chosen: the release leaves the menus as they are.
 */
import { useEffect, useState } from 'react';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { getMenuSelector, type MenuPickerNode } from '@/api/menu';

interface Option {
  value: string;
  title: string;
  children: Option[];
}

const options = (nodes: MenuPickerNode[]): Option[] => nodes.map((n) => ({ value: n.id, title: n.fullName, children: options(n.children ?? []) }));

export function ReleaseMenu({ onChange }: { onChange(parent: string | undefined): void }) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<Option[]>([]);
  const [value, setValue] = useState<string>();
  useEffect(() => {
    let alive = true;
    getMenuSelector('', '', 'Web').then(
      ({ data }) => alive && setTree(options(data?.list ?? [])),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  return (
    <div className="qm-release-menu" style={{ marginTop: 12 }}>
      <label htmlFor="release-parent">{t('model.releaseParent')}</label>
      <TreeSelect
        id="release-parent"
        style={{ width: '100%', marginTop: 4 }}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        treeDefaultExpandAll
        placeholder={t('model.releaseParentNone')}
        value={value}
        treeData={tree}
        onChange={(v?: string) => {
          setValue(v);
          onChange(v || undefined);
        }}
      />
    </div>
  );
}
