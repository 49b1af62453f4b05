/** The navbar's menu search box (SHELL-017). */
import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { routeTitle } from '@/i18n';
import { useUser } from '@/stores/user';
import { menuLeaves } from '../menu';
import { createMenuSearch } from '../menuSearch';
import { findItem, useOpenMenuItem } from './menuItems';

export default function HeaderSearch() {
  const { t, i18n } = useTranslation();
  const menus = useUser((s) => s.menus);
  const open = useOpenMenuItem();
  const [query, setQuery] = useState('');

  const search = useMemo(() => {
    const entries = menuLeaves(menus).map((m) => ({
      key: m.key,
      title: routeTitle(m.name, m.title),
      path: m.action.kind === 'route' ? m.action.to : m.action.kind === 'window' ? m.action.url : '',
    }));
    return createMenuSearch(entries);
  }, [menus, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps

  const options = search(query).map((e) => ({ value: e.key, label: e.title, title: e.path }));

  return (
    <Select
      className="qm-header-search"
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      value={null}
      placeholder={
        <span>
          <SearchOutlined /> {t('navbar.searchPlaceholder')}
        </span>
      }
      aria-label={t('navbar.search')}
      notFoundContent={query ? t('common.noData') : null}
      options={options}
      onChange={(key: string) => {
        setQuery('');
        open(findItem(menus, key));
      }}
      variant="filled"
      popupMatchSelectWidth={240}
    />
  );
}
