/**
 * A form's parent picker over a tree the server gives (a menu's, a button's, a dictionary
 * category's or item's parent): asked for again when `deps` change, loading until it arrives,
 * searchable by title, all expanded. A failed load only stops the indicator (HTTP-015).
 */
import { useEffect, useRef, useState } from 'react';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

export interface TreeOption {
  value: string;
  title: string;
  disabled?: boolean;
  children: TreeOption[];
}

interface Props extends Pick<TreeSelectProps, 'disabled' | 'title' | 'allowClear' | 'showSearch'> {
  id?: string;
  value?: string;
  onChange?(value: string): void;
  /** The options, asked for on opening and when `deps` change. */
  load(): Promise<TreeOption[]>;
  deps: unknown[];
}

/** 顶级节点 (`top`) above the given options. */
export const underTop = (t: (key: string) => string, top: string, children: TreeOption[]): TreeOption[] => [{ value: top, title: t('picker.topNode'), children }];

export function TreePicker({ id, value, onChange, load, deps, showSearch = true, ...rest }: Props) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<TreeOption[]>([]);
  const [loading, setLoading] = useState(true);
  const loadRef = useRef(load);
  loadRef.current = load;
  const key = JSON.stringify(deps);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    loadRef.current().then(
      (options) => {
        if (!alive) return;
        setTree(options);
        setLoading(false);
      },
      () => alive && setLoading(false),
    );
    return () => {
      alive = false;
    };
  }, [key]);
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={onChange}
      treeData={tree}
      loading={loading}
      treeDefaultExpandAll
      {...(showSearch ? { showSearch: true, treeNodeFilterProp: 'title' } : {})}
      placeholder={t('picker.placeholder')}
      style={{ width: '100%' }}
      {...rest}
    />
  );
}
